import {
  UpdateMemorialDocument,
  type UpdateMemorialMutation,
  type UpdateMemorialMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `UpdateMemorial` mutation (`graphql/memorials.graphql`). */
export function useUpdateMemorialMutation(
  options?: MutationOptions<UpdateMemorialMutation, UpdateMemorialMutationVariables>,
) {
  return useTypedMutation(UpdateMemorialDocument, options);
}
