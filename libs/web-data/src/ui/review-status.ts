import { REVIEW_STATUS_LABELS, ReviewStatus } from '@jibs/domain';

export interface StatusBadge {
  label: string;
  color: string;
}

const BADGE_COLORS: Record<ReviewStatus, string> = {
  [ReviewStatus.PENDING]: 'yellow',
  [ReviewStatus.APPROVED]: 'green',
  [ReviewStatus.REJECTED]: 'red',
};

const UNKNOWN: StatusBadge = { label: 'Unknown', color: 'gray' };

/**
 * The badge for a review's state, death reports and documents alike: Pending Review (yellow),
 * Approved (green), Rejected (red); anything else (a state this client does not know yet) is
 * 'Unknown' in grey. Accepts the API's enum ('PENDING') as well as the stored value.
 */
export function reviewStatusBadge(status: string | null | undefined): StatusBadge {
  const key = (status ?? '').toLowerCase();
  if (!Object.hasOwn(BADGE_COLORS, key)) return UNKNOWN;
  const known = key as ReviewStatus;
  return { label: REVIEW_STATUS_LABELS[known], color: BADGE_COLORS[known] };
}
