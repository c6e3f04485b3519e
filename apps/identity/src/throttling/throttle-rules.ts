import {
  AccountSecurityMessages,
  FORM_SUBMISSIONS_PER_HOUR,
  Messages,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
  PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_THROTTLE_MINUTES,
  SIGN_UPS_PER_EMAIL_PER_HOUR,
  TOTP_CONFIRM_MAX_FAILURES,
  VERIFICATION_SENDS_PER_HOUR,
} from '@jibs/domain';
/** At most `limit` counted events per key within a window of `windowSeconds`. */
export interface ThrottleRule {
  /** Names the counter; one rule, one bucket. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** What the caller is told when the limit is reached. */
  message: string;
}

const HOUR = 3600;

/** Every throttle identity applies, in one place. */
export const ThrottleRules = {
  /** Failed sign-ins (password or authenticator code) per account email. */
  signInByEmail: {
    bucket: 'sign-in:email',
    limit: SIGN_IN_MAX_FAILURES,
    windowSeconds: SIGN_IN_THROTTLE_MINUTES * 60,
    message: Messages.signInThrottled,
  },
  /** Failed sign-ins per client address, whatever the email. */
  signInByAddress: {
    bucket: 'sign-in:address',
    limit: SIGN_IN_MAX_FAILURES,
    windowSeconds: SIGN_IN_THROTTLE_MINUTES * 60,
    message: Messages.signInThrottled,
  },
  verificationSends: {
    bucket: 'verification:send',
    limit: VERIFICATION_SENDS_PER_HOUR,
    windowSeconds: HOUR,
    message: AccountSecurityMessages.verificationSendsPerHour,
  },
  /** Wrong codes while confirming a new authenticator. */
  totpConfirm: {
    bucket: 'totp:confirm',
    limit: TOTP_CONFIRM_MAX_FAILURES,
    windowSeconds: SIGN_IN_THROTTLE_MINUTES * 60,
    message: Messages.rateLimited,
  },
  resetByEmail: {
    bucket: 'reset:email',
    limit: PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR,
    windowSeconds: HOUR,
    message: Messages.rateLimited,
  },
  resetByAddress: {
    bucket: 'reset:address',
    limit: PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
    windowSeconds: HOUR,
    message: Messages.rateLimited,
  },
  /** Sign-ups naming an email, whether or not it is registered (each sends it an email). */
  signUpByEmail: {
    bucket: 'sign-up:email',
    limit: SIGN_UPS_PER_EMAIL_PER_HOUR,
    windowSeconds: HOUR,
    message: AccountSecurityMessages.signUpsThrottled,
  },
  /** Contact and question forms together. */
  formsByAddress: {
    bucket: 'forms:address',
    limit: FORM_SUBMISSIONS_PER_HOUR,
    windowSeconds: HOUR,
    message: Messages.formsThrottled,
  },
} as const satisfies Record<string, ThrottleRule>;

/** Sign-ups per client address; the limit is identity's SIGN_UPS_PER_ADDRESS_PER_HOUR. */
export function signUpByAddress(limit: number): ThrottleRule {
  return {
    bucket: 'sign-up:address',
    limit,
    windowSeconds: HOUR,
    message: AccountSecurityMessages.signUpsThrottled,
  };
}
