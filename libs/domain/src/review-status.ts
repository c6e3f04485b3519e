import { DocumentPageMessages } from './memorial-page-messages';

// Without zod: the admin console's first load names these labels.
/** A review's state, for death reports and documents alike (spec section 4). */
export enum ReviewStatus {
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}

/** What each state is called on screen; anything else shows as 'Unknown'. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  [ReviewStatus.PENDING]: DocumentPageMessages.pendingReview,
  [ReviewStatus.APPROVED]: DocumentPageMessages.approved,
  [ReviewStatus.REJECTED]: DocumentPageMessages.rejected,
};
