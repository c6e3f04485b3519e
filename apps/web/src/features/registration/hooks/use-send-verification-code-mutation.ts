import {
  SendVerificationCodeDocument,
  type SendVerificationCodeMutation,
  type SendVerificationCodeMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SendVerificationCode` mutation (`graphql/registration.graphql`). */
export function useSendVerificationCodeMutation(
  options?: MutationOptions<SendVerificationCodeMutation, SendVerificationCodeMutationVariables>,
) {
  return useTypedMutation(SendVerificationCodeDocument, options);
}
