import {
  CreateMemorialDocument,
  type CreateMemorialMutation,
  type CreateMemorialMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `CreateMemorial` mutation (`graphql/memorials.graphql`). */
export function useCreateMemorialMutation(
  options?: MutationOptions<CreateMemorialMutation, CreateMemorialMutationVariables>,
) {
  return useTypedMutation(CreateMemorialDocument, options);
}
