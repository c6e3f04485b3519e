import {
  AddMemoryDocument,
  type AddMemoryMutation,
  type AddMemoryMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `AddMemory` mutation (`graphql/memorials.graphql`). */
export function useAddMemoryMutation(
  options?: MutationOptions<AddMemoryMutation, AddMemoryMutationVariables>,
) {
  return useTypedMutation(AddMemoryDocument, options);
}
