/**
 * Identity's emails and texts to a member (codes, security notices, password reset), English,
 * the source every language translates (libs/i18n's `AccountEmails` catalogue).
 */
export const AccountEmails = {
  hello: (firstName: string) => `Hello ${firstName},`,
  codeSubject: 'Your JIBS verification code',
  codeText: (code: string, minutes: number) =>
    `Your JIBS verification code is ${code}. It expires in ${minutes} minutes.`,
  signUpCodeNext:
    'Enter it to create your account. If you did not ask for this code, you can ignore this email.',
  codeIgnore: 'If you did not ask for this code, you can ignore this email.',
  registeredSubject: 'Someone tried to register with your email address',
  registeredBody:
    'Someone just tried to register a new JIBS account with this email address. You already have an account, so no new one was created.',
  registeredIfYou: (url: string) =>
    `If it was you, please sign in at ${url}, or reset your password there if you have forgotten it.`,
  registeredIfNot: 'If it was not you, you can ignore this email; your account has not changed.',
  authenticatorSubject: 'Your JIBS authenticator app was changed',
  authenticatorBody:
    'The authenticator app of your JIBS account was just replaced, and every other device that was signed in has been signed out.',
  ifNotYou: 'If you did not do this, please reset your password right away and contact us.',
  signInCodeText: (code: string, minutes: number) =>
    `Your JIBS sign-in code is ${code}. It expires in ${minutes} minutes.`,
  recoverySubject: 'A JIBS recovery code was used',
  recoveryUsedOneLeft:
    'A recovery code was just used to sign in to your JIBS account. Each code works once; 1 is left. You can make new ones on your profile, under Security.',
  recoveryUsed: (left: number) =>
    `A recovery code was just used to sign in to your JIBS account. Each code works once; ${left} are left. You can make new ones on your profile, under Security.`,
  recoveryIfNot: 'If this was not you, please reset your password right away and contact us.',
  securitySubject: 'Your JIBS sign-in security changed',
  securityTotpOn: 'An authenticator app was turned on for signing in.',
  securityTotpOff: 'The authenticator app was turned off for signing in.',
  securitySmsOn: 'Sign-in codes by text message were turned on.',
  securitySmsOff: 'Sign-in codes by text message were turned off.',
  securityRecoveryCodes: 'New recovery codes were made; the earlier ones no longer work.',
  securityOthersSignedOut:
    'Every other device that was signed in to your account has been signed out.',
  passwordChangedSubject: 'Your JIBS password was changed',
  passwordChangedBody:
    'The password of your JIBS account was just changed, and every device that was signed in has been signed out.',
  passwordChangedIfNot:
    'If you did not do this, please reset your password again right away and contact us.',
  resetSubject: 'Reset your JIBS password',
  resetBody:
    'We received a request to reset the password of your JIBS account. To choose a new password, open this link within the next hour:',
  resetIgnore:
    'The link works once. If you did not ask for this, you can ignore this email; your password stays the same.',
} as const;
