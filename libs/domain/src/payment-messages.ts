/**
 * What the clients say about payments, subscriptions and payment history: the spec's words
 * (sections 2, 4 and 8), once, for the member client and the admin console.
 */
export const PaymentMessages = {
  paymentErrorTitle: 'Payment Error',
  paymentFailed: 'Failed to process payment',
  subscriptionErrorTitle: 'Subscription Error',
  subscriptionFailed: 'Failed to create subscription',
  cancellationErrorTitle: 'Cancellation Error',
  cancelFailed: 'Failed to cancel subscription',
  subscriptionCreatedTitle: 'Subscription Created',
  subscriptionCreated: 'Your monthly dues subscription has been set up.',
  subscriptionCancelledTitle: 'Subscription Cancelled',
  subscriptionCancelled: 'Your subscription will end at the current period end.',
  registrationPaymentSuccessful: 'Registration Payment Successful!',
  registrationFeeReceived: 'Your registration fee has been received.',
  paymentSuccessfulTitle: 'Payment Successful!',
  paymentCancelledTitle: 'Payment Cancelled',
  paymentCancelled: 'Your payment was cancelled and no charges were made.',
  paymentInitiatedTitle: 'Payment Initiated',
  noCheckoutUrl: 'No checkout URL received from payment service',
  authenticationError: 'Authentication error. Please try logging in again.',
  /** 'Retry attempt n/3': the retries made, of the most allowed. */
  retryAttempt: (retries: number | string, max: number | string) =>
    `Retry attempt ${retries}/${max}`,
  /** The payment precheck's refusal for a member missing full name, relationship or birth date. */
  incompleteMemberData: (member: string) => `Incomplete member data for ${member}`,
  processingPayment: 'Processing Payment...',
  redirectingToDashboard: 'Redirecting you to your dashboard...',
  registrationCompleteTitle: 'Registration Complete!',
  registrationComplete: 'Welcome to JIBS! Your registration and membership are now active.',
  profileUpdateFailedTitle: 'Warning',
  profileUpdateFailed: 'Payment received but profile update failed. Please contact support.',
  verificationErrorTitle: 'Payment Verification Error',
  verificationError: 'Please contact support if issues persist.',
  noActiveSubscription: 'No Active Subscription',
  noPaymentHistoryTitle: 'No Payment History',
  noPaymentHistory: "You haven't made any payments yet.",
  historyLoadFailed: 'Failed to load payment history',
} as const;

/** The clients' other spec messages: sign-up, profile, notifications, not-found, the FAQ. */
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
  pageNotFound: 'Page Not Found',
  completingRegistration: 'Completing Registration...',
  questionThanks: "Thank you for your question! We'll get back to you soon.",
  contactThanks: "Thank you for contacting us! We'll get back to you within 24 hours.",
  exporting: 'Exporting...',
} as const;

/** The admin console's toasts and empty states (spec section 8, Admin toasts; section 2). */
export const AdminMessages = {
  errorTitle: ClientMessages.errorTitle,
  successTitle: ClientMessages.successTitle,
  reportsLoadFailed: 'Failed to fetch death reports',
  documentsLoadFailed: 'Failed to fetch documents',
  reportReviewed: (status: string) => `Death report ${status} successfully`,
  reportReviewFailed: (status: string, message: string) =>
    `Failed to ${status} death report: ${message}`,
  documentUpdatedTitle: 'Document Updated',
  documentReviewed: (status: string) => `Document has been ${status}`,
  updateFailedTitle: 'Update Failed',
  downloadStartedTitle: 'Download Started',
  downloading: (fileName: string) => `Downloading ${fileName}`,
  downloadFailedTitle: 'Download Failed',
  settingsSaved: 'Settings saved successfully',
  settingsSaveFailed: 'Failed to save settings',
  testRunCompleteTitle: 'Test Run Complete',
  testsPassed: (passed: number | string, total: number | string) =>
    `${passed}/${total} tests passed`,
  copiedTitle: 'Copied to clipboard',
  codeCopied: 'Code example copied successfully',
  noReports: 'No death reports found matching your criteria.',
  /** A row's controls while it updates (spec 5, Admin screens). */
  updating: 'Updating...',
  processing: 'Processing...',
} as const;

/** Step 2 of the registration, verification (spec section 8: the verification titles). */
export const VerificationMessages = {
  setupFailedTitle: 'Setup Failed',
  sendFailedTitle: 'Failed to Send Code',
  codeSentTitle: 'Code Sent',
  codeSent: (sentTo: string) => `We sent a 6-digit code to ${sentTo}.`,
  invalidCodeTitle: 'Invalid Code',
  verifiedTitle: 'Verification Successful',
  verified: 'Account verification completed successfully',
  failedTitle: 'Verification Failed',
} as const;
