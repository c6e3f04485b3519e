import {
  CancelSubscriptionDocument,
  type CancelSubscriptionMutation,
  type CancelSubscriptionMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `CancelSubscription` mutation (`graphql/profile.graphql`). */
export function useCancelSubscriptionMutation(
  options?: MutationOptions<CancelSubscriptionMutation, CancelSubscriptionMutationVariables>,
) {
  return useTypedMutation(CancelSubscriptionDocument, options);
}
