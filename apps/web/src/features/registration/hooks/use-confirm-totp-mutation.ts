import {
  ConfirmTotpDocument,
  type ConfirmTotpMutation,
  type ConfirmTotpMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `ConfirmTotp` mutation (`graphql/registration.graphql`). */
export function useConfirmTotpMutation(
  options?: MutationOptions<ConfirmTotpMutation, ConfirmTotpMutationVariables>,
) {
  return useTypedMutation(ConfirmTotpDocument, options);
}
