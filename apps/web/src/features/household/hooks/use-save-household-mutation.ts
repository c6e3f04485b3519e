import {
  SaveHouseholdDocument,
  type SaveHouseholdMutation,
  type SaveHouseholdMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SaveHousehold` mutation (`graphql/household.graphql`). */
export function useSaveHouseholdMutation(
  options?: MutationOptions<SaveHouseholdMutation, SaveHouseholdMutationVariables>,
) {
  return useTypedMutation(SaveHouseholdDocument, options);
}
