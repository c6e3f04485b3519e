/**
 * Limits that protect accounts, enforced by identity. The specification's client-side limit
 * for sign-in (5 per 15 minutes) becomes the server's rule.
 */

/** Failed sign-ins (wrong password or wrong authenticator code) per account email and per address. */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_THROTTLE_MINUTES = 15;

/** The second step of a sign-in (authenticator code) must follow within this time. */
export const SIGN_IN_CHALLENGE_TTL_MINUTES = 10;

/** A password-reset link works once, within this time. */
export const RESET_LINK_TTL_MINUTES = 60;

/** Reset links requested per email address, and per client address, per hour. */
export const PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR = 5;
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 20;

/** Verification codes sent per account per hour (each resend also waits VERIFICATION_RESEND_SECONDS). */
export const VERIFICATION_SENDS_PER_HOUR = 5;

/** Wrong authenticator codes while setting one up, per account per 15 minutes. */
export const TOTP_CONFIRM_MAX_FAILURES = 5;

/** Contact and question form submissions per client address per hour. */
export const FORM_SUBMISSIONS_PER_HOUR = 5;

/** Sign-ups per email address per hour (each one sends that address an email). */
export const SIGN_UPS_PER_EMAIL_PER_HOUR = 3;
/** Sign-ups per client address per hour, by default (identity's SIGN_UPS_PER_ADDRESS_PER_HOUR). */
export const SIGN_UPS_PER_ADDRESS_PER_HOUR = 30;

/** Messages of account security the general catalog (messages.ts) does not word. */
export const AccountSecurityMessages = {
  smsNeedsPhone: 'There is no phone number on this account. Please choose another method.',
  totpSetupFirst: 'Please set up your authenticator app first.',
  verificationSendsPerHour:
    'You have requested several codes in a short time. Please wait a while and try again.',
  onePerRequest:
    'Only one sign-up, sign-in, code, password or form can be sent per request. Please send them one at a time.',
  signUpsThrottled:
    'There have been several registrations from here in a short time. Please wait a while and try again.',
  currentCredentialRequired:
    'Please enter your current password or a code from your current authenticator app to replace it.',
  currentCredentialInvalid: 'The current password or authenticator code is not correct.',
} as const;
