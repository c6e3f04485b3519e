import {
  AddHouseholdMemberDocument,
  type AddHouseholdMemberMutation,
  type AddHouseholdMemberMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `AddHouseholdMember` mutation (`graphql/household.graphql`). */
export function useAddHouseholdMemberMutation(
  options?: MutationOptions<AddHouseholdMemberMutation, AddHouseholdMemberMutationVariables>,
) {
  return useTypedMutation(AddHouseholdMemberDocument, options);
}
