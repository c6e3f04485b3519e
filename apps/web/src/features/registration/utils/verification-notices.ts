import { VerificationMessages } from '@jibs/domain';
import { translateText } from '@jibs/web-data';
import type { SendVerificationCodeMutation } from '../../../gql/graphql';

/** What `sendVerificationCode` answers: where the code went and when another may be sent. */
export type CodeSent = SendVerificationCodeMutation['sendVerificationCode'];

/** Toasts of step 2 (spec 8: Code Sent, Verification Successful), in the reader's language. */
export function codeSentNotice(sent: CodeSent) {
  return {
    color: 'jibs',
    title: translateText(VerificationMessages.codeSentTitle),
    message: translateText(VerificationMessages.codeSent(sent.sentTo)),
  };
}

export function verifiedNotice() {
  return {
    color: 'jibs',
    title: translateText(VerificationMessages.verifiedTitle),
    message: translateText(VerificationMessages.verified),
  };
}
