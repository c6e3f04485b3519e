/**
 * The member pages' notice when billing cannot say whether the member may see a screen. A rare
 * path: the notice (and these words) load only when it shows, not with every member page.
 */
export const SessionNoticeMessages = {
  membershipUnavailableTitle: 'We could not load your membership',
  membershipUnavailableBody:
    'Your membership details are not available right now. Please try again in a moment.',
} as const;
