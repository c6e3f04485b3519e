import { z } from 'zod';
import { Messages } from './messages';

/**
 * A member's second factor at sign-in (an authenticator app, or codes by text message to a
 * verified phone) and the recovery codes that stand in for it when the phone is lost.
 */

/** Recovery codes made when a second factor is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford's base32 (no i, l, o, u): 12 characters are 60 random bits. */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_LENGTH = 12;

export const SecondFactorMessages = {
  /** SMS_TRANSPORT=none: the site has no text-message provider. */
  smsUnavailable: 'Text messages are not available on this site; use email or an authenticator app',
  codeOrRecoveryFormat: 'Please enter the 6-digit code or one of your recovery codes',
  passwordRequired: 'Please enter your current password.',
  passwordInvalid: 'The password is not correct.',
  phoneNotVerified: 'Please verify your phone number before turning on codes by text message.',
  authenticatorNotOn: 'The authenticator app is not turned on.',
  smsNotOn: 'Codes by text message are not turned on.',
  adminKeepsAuthenticator: 'Admins must keep an authenticator app for signing in.',
  phoneLockedBySms:
    'Codes by text message are on for this number. Please turn them off before changing your phone number.',
  noSecondFactor: 'Recovery codes are made once a second factor is turned on.',
  phoneNumberNeeded: 'There is no phone number on your account. Please add one first.',
} as const;

/**
 * A recovery code as typed, made canonical: lowercase, without spaces or hyphens. Null when it
 * cannot be one (wrong length or letters).
 */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '');
  const valid =
    code.length === RECOVERY_CODE_LENGTH &&
    [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
  return valid ? code : null;
}

/** How a recovery code is shown: three groups of four, `abcd-efgh-jkmn`. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** The answer to a sign-in challenge: the 6-digit code, or a recovery code. */
export type SecondFactorAnswer =
  { kind: 'code'; code: string } | { kind: 'recovery'; code: string };

export const secondFactorAnswerSchema = z
  .string({ error: SecondFactorMessages.codeOrRecoveryFormat })
  .trim()
  .transform((value, context): SecondFactorAnswer => {
    if (/^\d{6}$/.test(value)) return { kind: 'code', code: value };
    const recovery = normalizeRecoveryCode(value);
    if (recovery) return { kind: 'recovery', code: recovery };
    context.addIssue({
      code: 'custom',
      message: /^\d+$/.test(value)
        ? Messages.verificationCodeFormat
        : SecondFactorMessages.codeOrRecoveryFormat,
    });
    return z.NEVER;
  });
