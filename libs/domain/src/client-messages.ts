/** The clients' other spec messages: sign-up, profile, notifications, the FAQ. */
export const ClientMessages = {
  /** Registration: the account was made but its answer carried no user id. */
  userInfoUnavailable: 'Unable to retrieve user information',
  errorTitle: 'Error',
  successTitle: 'Success',
  notificationsLoadFailed: 'Failed to load notifications',
  profileLoadFailed: 'Failed to load profile',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully',
  profileNotFound: 'Profile not found',
  authRequiredTitle: 'Authentication Required',
  memberAddFailed: 'Failed to add household member',
  memberRemoveFailed: 'Failed to remove household member',
  memberAdded: 'Household member added successfully',
  memberRemoved: (name: string) => `${name} removed successfully`,
  questionThanks: "Thank you for your question! We'll get back to you soon.",
  contactThanks: "Thank you for contacting us! We'll get back to you within 24 hours.",
  exporting: 'Exporting...',
} as const;
