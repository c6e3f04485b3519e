import {
  DisableAuthenticatorDocument,
  type DisableAuthenticatorMutation,
  type DisableAuthenticatorMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `DisableAuthenticator` mutation (`graphql/security.graphql`). */
export function useDisableAuthenticatorMutation(
  options?: MutationOptions<DisableAuthenticatorMutation, DisableAuthenticatorMutationVariables>,
) {
  return useTypedMutation(DisableAuthenticatorDocument, options);
}
