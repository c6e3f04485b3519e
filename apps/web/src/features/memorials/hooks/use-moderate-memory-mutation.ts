import {
  ModerateMemoryDocument,
  type ModerateMemoryMutation,
  type ModerateMemoryMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `ModerateMemory` mutation (`graphql/memorials.graphql`). */
export function useModerateMemoryMutation(
  options?: MutationOptions<ModerateMemoryMutation, ModerateMemoryMutationVariables>,
) {
  return useTypedMutation(ModerateMemoryDocument, options);
}
