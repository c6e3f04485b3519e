import { AdminMessages, AdminReviewsPageMessages } from '@jibs/domain';
import type { ReviewDecision, ReviewStatus } from '../../../gql/graphql';

/** The status filter's options (spec: All, Pending, Approved, Rejected). */
export function statusFilterOptions(m: typeof AdminReviewsPageMessages = AdminReviewsPageMessages) {
  return [
    { value: 'ALL', label: m.all },
    { value: 'PENDING', label: m.pending },
    { value: 'APPROVED', label: m.approved },
    { value: 'REJECTED', label: m.rejected },
  ] as const;
}

export type StatusFilter = ReturnType<typeof statusFilterOptions>[number]['value'];

/** The query variable for a filter choice: undefined means every status. */
export function statusVariable(filter: string | null): ReviewStatus | undefined {
  return filter === 'PENDING' || filter === 'APPROVED' || filter === 'REJECTED'
    ? filter
    : undefined;
}

/** The search variable: trimmed, and undefined when empty (no filter). */
export function searchVariable(search: string): string | undefined {
  const trimmed = search.trim();
  return trimmed ? trimmed : undefined;
}

/** 'approved' / 'rejected', as the admin toasts word a decision. */
export function decisionWord(decision: ReviewDecision): string {
  return decision === 'APPROVED' ? 'approved' : 'rejected';
}

/** The verb of a failed decision: 'Failed to approve death report: ...'. */
export function decisionVerb(decision: ReviewDecision): string {
  return decision === 'APPROVED' ? 'approve' : 'reject';
}

/** The spec's admin toasts (section 8, Admin toasts). */
export const AdminToasts = {
  reportReviewed: (decision: ReviewDecision) => ({
    title: AdminMessages.successTitle,
    message: AdminMessages.reportReviewed(decisionWord(decision)),
  }),
  reportReviewFailed: (decision: ReviewDecision, message: string) => ({
    title: AdminMessages.errorTitle,
    message: AdminMessages.reportReviewFailed(decisionVerb(decision), message),
  }),
  reportsLoadFailed: { title: AdminMessages.errorTitle, message: AdminMessages.reportsLoadFailed },
  documentReviewed: (decision: ReviewDecision) => ({
    title: AdminMessages.documentUpdatedTitle,
    message: AdminMessages.documentReviewed(decisionWord(decision)),
  }),
  documentReviewFailed: (message: string) => ({ title: AdminMessages.updateFailedTitle, message }),
  downloadStarted: (fileName: string) => ({
    title: AdminMessages.downloadStartedTitle,
    message: AdminMessages.downloading(fileName),
  }),
  downloadFailed: (message: string) => ({ title: AdminMessages.downloadFailedTitle, message }),
} as const;

/** Admin notes as sent: trimmed, null when empty (the server then applies its default). */
export function notesVariable(notes: string): string | null {
  const trimmed = notes.trim();
  return trimmed ? trimmed : null;
}

/** Rows per request; 'Show more' asks for the next page's worth. */
export const PAGE_SIZE = 50;

/** A full page came back, so there may be more rows after it. */
export function mayHaveMore(count: number | undefined, limit: number): boolean {
  return count !== undefined && count >= limit;
}
