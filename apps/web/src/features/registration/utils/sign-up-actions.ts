import type { ApolloClient } from '@apollo/client';
import { notifications } from '@mantine/notifications';
import { signUpSchema, toE164, VerificationMessages } from '@jibs/domain';
import {
  signUpErrorNotice,
  toApiError,
  translateText,
  validateWith,
  type ErrorNotice,
} from '@jibs/web-data';
import { StartSignUpDocument } from '../../../gql/graphql';
import type { RegisterValues } from '../components/personal-info-step';
import type { PendingSignUp } from './pending-sign-up';

/**
 * What registration step 1 does on blur and on submit, loaded after the form has shown (issue
 * 26: the first load of /register carries neither zod nor the Apollo client): the shared schema,
 * the one the server checks too, and startSignUp.
 */

/** Step 1's check: one message per field, in the reader's language. */
export const validateSignUp = validateWith(signUpSchema);

/** Where startSignUp took the visitor. */
export type SignUpStart =
  | { kind: 'started'; pending: PendingSignUp }
  | { kind: 'failed'; fieldErrors: Record<string, string>; notice: ErrorNotice }
  /** No answer and no error. */
  | { kind: 'none' };

/** Starts the sign-up with values `validateSignUp` passed; `language` is the page's. */
export async function startSignUp(
  client: ApolloClient,
  values: RegisterValues,
  language: string,
): Promise<SignUpStart> {
  const data = signUpSchema.parse(values);
  try {
    const result = await client.mutate({
      mutation: StartSignUpDocument,
      variables: {
        input: {
          ...data,
          phone: toE164(data.phone),
          addressLine2: data.addressLine2 || null,
          // The account's language: emails and texts follow it (the visitor's chosen or
          // browser language, the page's).
          language,
        },
      },
    });
    if (!result.data) return { kind: 'none' };
    const { signUpToken, sentTo, expiresAt } = result.data.startSignUp;
    return { kind: 'started', pending: { signUpToken, sentTo, expiresAt } };
  } catch (error) {
    const apiError = toApiError(error);
    return {
      kind: 'failed',
      fieldErrors: apiError.fieldErrors,
      notice: signUpErrorNotice(apiError),
    };
  }
}

/** The toast saying where the code went, in the reader's language. */
export function showCodeSent(sentTo: string): void {
  notifications.show({
    color: 'jibs',
    title: translateText(VerificationMessages.codeSentTitle),
    message: translateText(VerificationMessages.codeSent(sentTo)),
  });
}
