import {
  StartSubscriptionCheckoutDocument,
  type StartSubscriptionCheckoutMutation,
  type StartSubscriptionCheckoutMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `StartSubscriptionCheckout` mutation (`graphql/billing.graphql`). */
export function useStartSubscriptionCheckoutMutation(
  options?: MutationOptions<
    StartSubscriptionCheckoutMutation,
    StartSubscriptionCheckoutMutationVariables
  >,
) {
  return useTypedMutation(StartSubscriptionCheckoutDocument, options);
}
