import {
  SetupTotpDocument,
  type SetupTotpMutation,
  type SetupTotpMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SetupTotp` mutation (`graphql/registration.graphql`). */
export function useSetupTotpMutation(
  options?: MutationOptions<SetupTotpMutation, SetupTotpMutationVariables>,
) {
  return useTypedMutation(SetupTotpDocument, options);
}
