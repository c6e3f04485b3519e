import {
  InviteToMemorialDocument,
  type InviteToMemorialMutation,
  type InviteToMemorialMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `InviteToMemorial` mutation (`graphql/memorials.graphql`). */
export function useInviteToMemorialMutation(
  options?: MutationOptions<InviteToMemorialMutation, InviteToMemorialMutationVariables>,
) {
  return useTypedMutation(InviteToMemorialDocument, options);
}
