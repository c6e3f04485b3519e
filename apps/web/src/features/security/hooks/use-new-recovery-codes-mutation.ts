import {
  NewRecoveryCodesDocument,
  type NewRecoveryCodesMutation,
  type NewRecoveryCodesMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `NewRecoveryCodes` mutation (`graphql/security.graphql`). */
export function useNewRecoveryCodesMutation(
  options?: MutationOptions<NewRecoveryCodesMutation, NewRecoveryCodesMutationVariables>,
) {
  return useTypedMutation(NewRecoveryCodesDocument, options);
}
