import { z } from 'zod';
import { requiredText } from './blank-text';
import { Messages, requiredMessage } from './messages';
import { RegistrationMessages as Labels } from './registration-messages';
import { SignInMessages } from './sign-in-messages';

/** 'Email Required': the forgot-password link needs the email typed first. */
export const passwordResetRequestSchema = z.object({
  email: requiredText(Messages.emailRequiredForReset)
    .max(254, Messages.invalidEmail)
    .pipe(z.email(Messages.invalidEmail))
    .transform((value) => value.toLowerCase()),
});

export const newPasswordSchema = z
  .string({ error: requiredMessage(SignInMessages.password) })
  .min(1, requiredMessage(SignInMessages.password))
  .min(6, Messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters long');

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: Messages.resetLinkInvalid })
      .min(20, Messages.resetLinkInvalid)
      .max(200, Messages.resetLinkInvalid),
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: requiredMessage(Labels.confirmPassword) })
      .min(1, requiredMessage(Labels.confirmPassword)),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: Messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
