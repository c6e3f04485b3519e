import { reviewStatusBadge } from '@jibs/web-data';
import { formatShortCalendarDate } from '@jibs/domain';
import {
  AdminToasts,
  mayHaveMore,
  notesVariable,
  PAGE_SIZE,
  searchVariable,
  statusVariable,
} from './review-display';

describe('review display', () => {
  it('labels each status as the spec does, unknown ones as Unknown', () => {
    expect(reviewStatusBadge('PENDING').label).toBe('Pending Review');
    expect(reviewStatusBadge('APPROVED').label).toBe('Approved');
    expect(reviewStatusBadge('REJECTED').label).toBe('Rejected');
    expect(reviewStatusBadge('ARCHIVED').label).toBe('Unknown');
    expect(reviewStatusBadge('ARCHIVED').color).toBe('gray');
    expect(reviewStatusBadge('APPROVED').color).toBe('green');
  });

  it('turns the filters into query variables', () => {
    expect(statusVariable('ALL')).toBeUndefined();
    expect(statusVariable(null)).toBeUndefined();
    expect(statusVariable('REJECTED')).toBe('REJECTED');
    expect(searchVariable('   ')).toBeUndefined();
    expect(searchVariable('  Spouse ')).toBe('Spouse');
  });

  it('sends empty notes as null so the server applies its default', () => {
    expect(notesVariable('  ')).toBeNull();
    expect(notesVariable(' Missing stamp ')).toBe('Missing stamp');
  });

  it("words the spec's admin toasts", () => {
    expect(AdminToasts.reportReviewed('APPROVED')).toEqual({
      title: 'Success',
      message: 'Death report approved successfully',
    });
    expect(AdminToasts.reportReviewFailed('REJECTED', 'boom').message).toBe(
      'Failed to reject death report: boom',
    );
    expect(AdminToasts.documentReviewed('REJECTED')).toEqual({
      title: 'Document Updated',
      message: 'Document has been rejected',
    });
    expect(AdminToasts.downloadStarted('certificate.pdf')).toEqual({
      title: 'Download Started',
      message: 'Downloading certificate.pdf',
    });
  });

  it('shows a calendar date without shifting it across time zones', () => {
    expect(formatShortCalendarDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatShortCalendarDate('not a date')).toBe('not a date');
  });
});

describe('paging', () => {
  it("offers 'Show more' only after a full page", () => {
    expect(mayHaveMore(undefined, PAGE_SIZE)).toBe(false);
    expect(mayHaveMore(PAGE_SIZE - 1, PAGE_SIZE)).toBe(false);
    expect(mayHaveMore(PAGE_SIZE, PAGE_SIZE)).toBe(true);
  });
});
