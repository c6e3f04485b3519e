import {
  VerifyCodeDocument,
  type VerifyCodeMutation,
  type VerifyCodeMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `VerifyCode` mutation (`graphql/registration.graphql`). */
export function useVerifyCodeMutation(
  options?: MutationOptions<VerifyCodeMutation, VerifyCodeMutationVariables>,
) {
  return useTypedMutation(VerifyCodeDocument, options);
}
