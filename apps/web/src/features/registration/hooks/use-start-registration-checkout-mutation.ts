import {
  StartRegistrationCheckoutDocument,
  type StartRegistrationCheckoutMutation,
  type StartRegistrationCheckoutMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `StartRegistrationCheckout` mutation (`graphql/registration.graphql`). */
export function useStartRegistrationCheckoutMutation(
  options?: MutationOptions<
    StartRegistrationCheckoutMutation,
    StartRegistrationCheckoutMutationVariables
  >,
) {
  return useTypedMutation(StartRegistrationCheckoutDocument, options);
}
