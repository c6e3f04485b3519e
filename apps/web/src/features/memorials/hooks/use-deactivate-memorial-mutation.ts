import {
  DeactivateMemorialDocument,
  type DeactivateMemorialMutation,
  type DeactivateMemorialMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `DeactivateMemorial` mutation (`graphql/memorials.graphql`). */
export function useDeactivateMemorialMutation(
  options?: MutationOptions<DeactivateMemorialMutation, DeactivateMemorialMutationVariables>,
) {
  return useTypedMutation(DeactivateMemorialDocument, options);
}
