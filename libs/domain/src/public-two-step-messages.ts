import { CommonWords } from './common-words';
/** Two-step sign-in: the code step, recovery codes, the authenticator's setup and the code boxes
 * (shared with the profile's security page); loaded with those steps. */
export const PublicTwoStepMessages = {
  backToPassword: '← Back to email and password',
  setUpAuthenticator: CommonWords.setUpAuthenticator,
  twoStepSignIn: 'Two-step sign-in',
  setupIntro: 'Add JIBS to an authenticator app now; from then on, you sign in with its code.',
  textedIntro:
    'Enter the 6-digit code we just texted to your phone. It can be used for 10 minutes.',
  appIntro: 'Enter the 6-digit code from your authenticator app',
  appCodeHint: CommonWords.appCodeHint,
  finishSignIn: 'Finish Sign In',
  noTextUseRecovery: 'No text? Use a recovery code',
  lostPhoneUseRecovery: 'Lost your phone? Use a recovery code',
  useRecoveryCode: 'Use a recovery code',
  recoveryIntro:
    'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each code works once.',
  recoveryCode: 'Recovery code',
  useCodeInstead: 'Use the code from my phone instead',
  openAuthenticator:
    'Open an authenticator app on your phone, such as Google Authenticator or Microsoft Authenticator.',
  scanQr: 'Scan the QR code below, or type the key into the app.',
  enterAppCode: 'Enter the 6-digit code the app shows for JIBS.',
  qrAlt:
    'QR code for adding JIBS to your authenticator app. If you cannot scan it, type the key shown beside it.',
  cantScan: "Can't scan the code? Enter this key",
  copied: CommonWords.copied,
  copyKey: 'Copy key',
  keyCopied: 'The key is copied.',
  verificationCode: CommonWords.verificationCode,
  digitOf: (digit: number, total: number) => `Digit ${digit} of ${total}`,
} as const;
