import {
  DisableSmsSignInDocument,
  type DisableSmsSignInMutation,
  type DisableSmsSignInMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `DisableSmsSignIn` mutation (`graphql/security.graphql`). */
export function useDisableSmsSignInMutation(
  options?: MutationOptions<DisableSmsSignInMutation, DisableSmsSignInMutationVariables>,
) {
  return useTypedMutation(DisableSmsSignInDocument, options);
}
