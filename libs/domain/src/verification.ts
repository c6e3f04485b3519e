import { z } from 'zod';
import { Messages } from './messages';

/** Keys are the GraphQL enum names; values are what is stored. */
export enum VerificationMethod {
  EMAIL = 'email',
  SMS = 'sms',
  TOTP = 'totp',
}

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const VERIFICATION_RESEND_SECONDS = 60;

/** Exactly six digits (spec section 5). */
export const verificationCodeSchema = z
  .string({ error: Messages.verificationCodeFormat })
  .trim()
  .regex(/^\d{6}$/, Messages.verificationCodeFormat);
