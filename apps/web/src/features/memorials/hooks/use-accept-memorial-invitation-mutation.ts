import {
  AcceptMemorialInvitationDocument,
  type AcceptMemorialInvitationMutation,
  type AcceptMemorialInvitationMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `AcceptMemorialInvitation` mutation (`graphql/memorials.graphql`). */
export function useAcceptMemorialInvitationMutation(
  options?: MutationOptions<
    AcceptMemorialInvitationMutation,
    AcceptMemorialInvitationMutationVariables
  >,
) {
  return useTypedMutation(AcceptMemorialInvitationDocument, options);
}
