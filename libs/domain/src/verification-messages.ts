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
