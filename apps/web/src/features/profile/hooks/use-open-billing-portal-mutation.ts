import {
  OpenBillingPortalDocument,
  type OpenBillingPortalMutation,
  type OpenBillingPortalMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `OpenBillingPortal` mutation (`graphql/profile.graphql`). */
export function useOpenBillingPortalMutation(
  options?: MutationOptions<OpenBillingPortalMutation, OpenBillingPortalMutationVariables>,
) {
  return useTypedMutation(OpenBillingPortalDocument, options);
}
