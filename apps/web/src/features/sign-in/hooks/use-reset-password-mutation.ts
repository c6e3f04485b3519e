import {
  ResetPasswordDocument,
  type ResetPasswordMutation,
  type ResetPasswordMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `ResetPassword` mutation (`graphql/sign-in.graphql`). */
export function useResetPasswordMutation(
  options?: MutationOptions<ResetPasswordMutation, ResetPasswordMutationVariables>,
) {
  return useTypedMutation(ResetPasswordDocument, options);
}
