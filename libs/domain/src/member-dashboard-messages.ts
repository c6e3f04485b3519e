// Apart from the profile's and security's messages (member-page-messages.ts): the dashboard's
// first load takes only this one.
/** The member's dashboard: what the dashboard's own messages do not say. */
export const MemberDashboardMessages = {
  memberSince: (date: string) => `Member since ${date}`,
} as const;
