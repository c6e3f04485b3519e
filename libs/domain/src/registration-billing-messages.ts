import { CommonWords } from './common-words';
/**
 * The billing pages' own texts (payment history, statements and receipts, the payment result
 * pages, the data export dialog, the sandbox renewals), translated like every other message
 * (issue 27). The spec's payment words are PaymentMessages'.
 */
export const RegistrationBillingMessages = {
  // Payment result pages.
  retrySubscriptionSetup: 'Retry Subscription Setup',
  retryRegistrationPayment: 'Retry Registration Payment',
  backToHome: CommonWords.backToHome,
  tryWhenReady: 'You can try again whenever you are ready.',
  paymentSuccessful: 'Payment Successful',
  processingPayment: 'Processing Payment',
  backToProfile: 'Back to Profile',
  backToRegistration: 'Back to Registration',
  memberCovered: 'Thank you. Your household member is now covered by your membership.',
  receiptOnItsWay: 'A receipt is on its way to your email.',
  confirmingPayment: 'We are confirming your payment.',
  confirmingFewSeconds: 'We are confirming your payment. This usually takes a few seconds.',
  continueToMembershipSetup: 'Continue to Membership Setup',
  feeReceivedThanks: 'Thank you. Your registration fee has been received.',
  oneStepRemains: 'One step remains: setting up your monthly membership.',
  oneStepRemainsDues: (dues: string) =>
    `One step remains: setting up your monthly membership (${dues}).`,
  couldNotConfirm: 'We could not confirm this payment.',
  checkAgain: 'Check again',
  doNotPayAgain: 'Please do not pay again. Quote the session ID below so we can find your payment.',
  sessionId: 'Session ID:',
  retry: 'Retry',
  // Payment history.
  backToDashboard: 'Back to Dashboard',
  export: CommonWords.export,
  statementTitle: 'Contributions statement',
  statementText: 'Every payment of a year in one PDF, for your records.',
  year: CommonWords.year,
  downloadStatement: 'Download statement (PDF)',
  pdfFailed: 'The PDF could not be downloaded. Please try again.',
  loadingPayments: 'Loading your payments…',
  makePayment: 'Make a Payment',
  registrationPaymentOn: (date: string) => `Registration payment · ${date}`,
  membershipPaymentOn: (date: string) => `Membership payment · ${date}`,
  otherPaymentOn: (date: string) => `Other payment · ${date}`,
  paymentId: 'Payment ID:',
  /** Billing's description of a household member's fee (the dues' is BillingNotifications'). */
  householdMemberFee: (name: string) => `Household member fee: ${name}`,
  receipt: 'Receipt (PDF)',
  downloadReceipt: (amount: string, date: string) => `Download receipt for ${amount} on ${date}`,
  statusCompleted: 'Completed',
  statusFailed: CommonWords.failed,
  statusCancelled: CommonWords.cancelled,
  statusUnknown: CommonWords.unknown,
  // Data export dialog.
  exportTitle: 'Export your data',
  exportIntro:
    'A copy of your profile (with your household), death reports, documents, payments and notifications, for your own records.',
  format: CommonWords.format,
  csv: CommonWords.csv,
  includeMetadata: CommonWords.includeMetadata,
  onlyDateRange: 'Only records from a date range',
  startDate: CommonWords.startDate,
  endDate: CommonWords.endDate,
  cancel: CommonWords.cancel,
  closeDialog: CommonWords.closeDialog,
  // Sandbox renewals (the local stack's payment provider).
  renewalPaid: (amount: string) => `Renewal paid: ${amount}.`,
  renewalFailed: (amount: string) => `Renewal failed: ${amount} was not paid.`,
  sandboxTitle: 'Sandbox payments',
  sandboxText:
    'Run your next monthly renewal now, as the sandbox payment provider would at the end of the period. Three failed renewals in a row make a membership inactive.',
  runPaid: 'Run renewal: paid',
  runFailed: 'Run renewal: failed',
} as const;
