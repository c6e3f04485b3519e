import type { ApolloClient } from '@apollo/client';
import { notifications } from '@mantine/notifications';
import { Messages, passwordResetRequestSchema, signInSchema } from '@jibs/domain';
import {
  actionErrorNotice,
  signInErrorNotice,
  toApiError,
  translateText,
  type ErrorNotice,
  type SessionFragment,
  validateWith,
} from '@jibs/web-data';
import {
  RequestPasswordResetDocument,
  SignInDocument,
  StartTotpEnrollmentDocument,
  type SignInMutation,
  type TotpSetupFieldsFragment,
} from '../../../gql/graphql';

/**
 * What the sign-in screen does on submit, loaded then (after the form has shown): the shared
 * zod schemas and the mutations through the Apollo client, which the light form does not carry.
 */

export type Challenge = NonNullable<SignInMutation['signIn']['challenge']>;

/** Where the password took the member. */
export type SignInOutcome =
  | { kind: 'signed-in'; session: SessionFragment }
  | { kind: 'code'; challenge: Challenge }
  | { kind: 'enrollment'; challenge: Challenge; setup: TotpSetupFieldsFragment }
  | { kind: 'failed'; notice: ErrorNotice }
  /** Nothing to show (no session, no challenge). */
  | { kind: 'none' };

/** The sign-in form's check (spec messages), one message per field. */
export const validateSignIn = validateWith(signInSchema);

export async function signIn(
  client: ApolloClient,
  values: { email: string; password: string },
): Promise<SignInOutcome> {
  try {
    const { data } = await client.mutate({
      mutation: SignInDocument,
      variables: { input: { email: values.email.trim(), password: values.password } },
    });
    const result = data?.signIn;
    if (result?.session) return { kind: 'signed-in', session: result.session };
    const challenge = result?.challenge;
    if (challenge?.kind === 'TOTP_CODE' || challenge?.kind === 'SMS_CODE') {
      return { kind: 'code', challenge };
    }
    if (challenge?.kind === 'TOTP_ENROLLMENT') {
      const enrollment = await client.mutate({
        mutation: StartTotpEnrollmentDocument,
        variables: { challengeToken: challenge.token },
      });
      if (enrollment.data) {
        return { kind: 'enrollment', challenge, setup: enrollment.data.startTotpEnrollment };
      }
    }
    return { kind: 'none' };
  } catch (error) {
    return { kind: 'failed', notice: signInErrorNotice(toApiError(error)) };
  }
}

export function showWelcome(): void {
  notifications.show({
    color: 'jibs',
    title: translateText(Messages.signedInTitle),
    message: translateText(Messages.signedInMessage),
  });
}

/** "Forgot your password?": what is wrong with the email, if anything, else the address to use. */
export function checkResetEmail(
  email: string,
): { email: string } | { fieldError: string } | { missing: true } {
  const parsed = passwordResetRequestSchema.safeParse({ email });
  if (parsed.success) return { email: parsed.data.email };
  const message = parsed.error.issues[0]?.message ?? Messages.emailRequiredForReset;
  if (message === Messages.emailRequiredForReset) {
    notifications.show({
      color: 'yellow',
      title: translateText(Messages.emailRequiredTitle),
      message: translateText(message),
    });
    return { missing: true };
  }
  return { fieldError: translateText(message) };
}

export async function requestPasswordReset(client: ApolloClient, email: string): Promise<void> {
  try {
    await client.mutate({ mutation: RequestPasswordResetDocument, variables: { email } });
    notifications.show({
      color: 'jibs',
      title: translateText(Messages.resetLinkSentTitle),
      message: translateText(Messages.resetLinkSentMessage),
      autoClose: 8000,
    });
  } catch (error) {
    notifications.show({
      color: 'red',
      ...actionErrorNotice(Messages.somethingWentWrongTitle, toApiError(error)),
    });
  }
}
