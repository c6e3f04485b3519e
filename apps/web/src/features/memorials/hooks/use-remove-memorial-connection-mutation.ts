import {
  RemoveMemorialConnectionDocument,
  type RemoveMemorialConnectionMutation,
  type RemoveMemorialConnectionMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `RemoveMemorialConnection` mutation (`graphql/memorials.graphql`). */
export function useRemoveMemorialConnectionMutation(
  options?: MutationOptions<
    RemoveMemorialConnectionMutation,
    RemoveMemorialConnectionMutationVariables
  >,
) {
  return useTypedMutation(RemoveMemorialConnectionDocument, options);
}
