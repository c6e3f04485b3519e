import { VerificationMessages } from '@jibs/domain';
import type { SendVerificationCodeMutation } from '../../../gql/graphql';

/** What `sendVerificationCode` answers: where the code went and when another may be sent. */
export type CodeSent = SendVerificationCodeMutation['sendVerificationCode'];

/** Toasts of step 2 (spec 8: Code Sent, Verification Successful). */
export function codeSentNotice(sent: CodeSent) {
  return {
    color: 'jibs',
    title: VerificationMessages.codeSentTitle,
    message: VerificationMessages.codeSent(sent.sentTo),
  };
}

export const VERIFIED_NOTICE = {
  color: 'jibs',
  title: VerificationMessages.verifiedTitle,
  message: VerificationMessages.verified,
};
