import {
  EnableAuthenticatorDocument,
  type EnableAuthenticatorMutation,
  type EnableAuthenticatorMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `EnableAuthenticator` mutation (`graphql/security.graphql`). */
export function useEnableAuthenticatorMutation(
  options?: MutationOptions<EnableAuthenticatorMutation, EnableAuthenticatorMutationVariables>,
) {
  return useTypedMutation(EnableAuthenticatorDocument, options);
}
