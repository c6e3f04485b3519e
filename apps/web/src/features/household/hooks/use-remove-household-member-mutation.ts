import {
  RemoveHouseholdMemberDocument,
  type RemoveHouseholdMemberMutation,
  type RemoveHouseholdMemberMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `RemoveHouseholdMember` mutation (`graphql/household.graphql`). */
export function useRemoveHouseholdMemberMutation(
  options?: MutationOptions<RemoveHouseholdMemberMutation, RemoveHouseholdMemberMutationVariables>,
) {
  return useTypedMutation(RemoveHouseholdMemberDocument, options);
}
