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
