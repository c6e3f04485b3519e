import { DeathReportMessages, ErrorCode } from '@jibs/domain';
import { type ApiError } from '@jibs/web-data';
import {
  checkDeathReport,
  clearFieldError,
  emptyDeathReport,
  localToday,
  submitFailure,
  type DeathReportValues,
} from './death-report-form';

const TODAY = '2026-03-10';

const filled = (change: Partial<DeathReportValues> = {}): DeathReportValues => ({
  deceasedName: '  Ahmed Rahman ',
  dateOfDeath: '2026-03-09',
  placeOfDeath: 'Detroit, MI',
  relationshipToDeceased: 'Parent',
  additionalNotes: '',
  ...change,
});

const apiError = (error: Partial<ApiError>): ApiError => ({
  message: '',
  fieldErrors: {},
  network: false,
  ...error,
});

describe('localToday', () => {
  it('is the local calendar date, zero-padded', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2025, 11, 31, 0, 0))).toBe('2025-12-31');
  });
});

describe('checkDeathReport', () => {
  it('refuses an empty form with the spec message under every required field', () => {
    const result = checkDeathReport(emptyDeathReport(), TODAY);
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        deceasedName: DeathReportMessages.deceasedNameRequired,
        dateOfDeath: DeathReportMessages.dateOfDeathRequired,
        placeOfDeath: DeathReportMessages.placeOfDeathRequired,
        relationshipToDeceased: DeathReportMessages.relationshipRequired,
      },
    });
  });

  it('refuses a name and place of invisible characters only, as the server does', () => {
    const result = checkDeathReport(
      filled({ deceasedName: '\u200B\u200B', placeOfDeath: ' \u3164\u2800 ' }),
      TODAY,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        deceasedName: DeathReportMessages.deceasedNameRequired,
        placeOfDeath: DeathReportMessages.placeOfDeathRequired,
      },
    });
  });

  it('refuses a blank name and place (spaces only)', () => {
    const result = checkDeathReport(filled({ deceasedName: '   ', placeOfDeath: ' ' }), TODAY);
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        deceasedName: DeathReportMessages.deceasedNameRequired,
        placeOfDeath: DeathReportMessages.placeOfDeathRequired,
      },
    });
  });

  it('refuses a date after the local today and accepts today itself', () => {
    expect(checkDeathReport(filled({ dateOfDeath: '2026-03-11' }), TODAY)).toEqual({
      ok: false,
      fieldErrors: { dateOfDeath: DeathReportMessages.dateOfDeathInFuture },
    });
    expect(checkDeathReport(filled({ dateOfDeath: TODAY }), TODAY).ok).toBe(true);
  });

  it('refuses a relationship that is not one of the options', () => {
    expect(checkDeathReport(filled({ relationshipToDeceased: 'Cousin' }), TODAY)).toEqual({
      ok: false,
      fieldErrors: { relationshipToDeceased: DeathReportMessages.relationshipRequired },
    });
  });

  it('trims the values and sends empty notes as null', () => {
    const result = checkDeathReport(filled({ additionalNotes: '   ' }), TODAY);
    expect(result).toEqual({
      ok: true,
      report: {
        deceasedName: 'Ahmed Rahman',
        dateOfDeath: '2026-03-09',
        placeOfDeath: 'Detroit, MI',
        relationshipToDeceased: 'Parent',
        additionalNotes: null,
      },
    });
  });
});

describe('clearFieldError', () => {
  it('removes only the edited field’s message', () => {
    const errors = { deceasedName: 'a', placeOfDeath: 'b' };
    expect(clearFieldError(errors, 'deceasedName')).toEqual({ placeOfDeath: 'b' });
    expect(errors).toEqual({ deceasedName: 'a', placeOfDeath: 'b' });
  });

  it('returns the same object when the field had no message', () => {
    const errors = { placeOfDeath: 'b' };
    expect(clearFieldError(errors, 'deceasedName')).toBe(errors);
  });
});

describe('submitFailure', () => {
  it('puts the server’s field messages under the fields, ignoring unknown keys', () => {
    const failure = submitFailure(
      apiError({
        code: ErrorCode.BadUserInput,
        message: 'Invalid input',
        fieldErrors: { dateOfDeath: DeathReportMessages.dateOfDeathInFuture, other: 'x' },
      }),
    );
    expect(failure).toEqual({
      kind: 'fields',
      fieldErrors: { dateOfDeath: DeathReportMessages.dateOfDeathInFuture },
    });
  });

  it('shows a bad input without fields as the server words it', () => {
    expect(submitFailure(apiError({ code: ErrorCode.BadUserInput, message: 'Nope' }))).toEqual({
      kind: 'toast',
      title: DeathReportMessages.submitFailedTitle,
      message: 'Nope',
    });
  });

  it('sends a signed-out member to sign in with the spec wording', () => {
    expect(submitFailure(apiError({ code: ErrorCode.Unauthenticated }))).toEqual({
      kind: 'sign-in',
      title: 'Authentication Required',
      message: 'You must be logged in to submit a death report',
    });
  });

  it('names a lost connection, and words any other failure as the spec does', () => {
    expect(submitFailure(apiError({ network: true }))).toEqual({
      kind: 'toast',
      title: 'Submission Failed',
      message: 'Network error. Please check your connection and try again.',
    });
    expect(submitFailure(apiError({ code: ErrorCode.Internal }))).toEqual({
      kind: 'toast',
      title: 'Submission Failed',
      message: 'There was an error submitting your death report. Please try again.',
    });
  });
});
