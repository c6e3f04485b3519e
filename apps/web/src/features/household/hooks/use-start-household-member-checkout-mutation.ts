import {
  StartHouseholdMemberCheckoutDocument,
  type StartHouseholdMemberCheckoutMutation,
  type StartHouseholdMemberCheckoutMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `StartHouseholdMemberCheckout` mutation (`graphql/household.graphql`). */
export function useStartHouseholdMemberCheckoutMutation(
  options?: MutationOptions<
    StartHouseholdMemberCheckoutMutation,
    StartHouseholdMemberCheckoutMutationVariables
  >,
) {
  return useTypedMutation(StartHouseholdMemberCheckoutDocument, options);
}
