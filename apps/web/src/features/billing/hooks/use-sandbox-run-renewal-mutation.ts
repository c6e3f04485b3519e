import {
  SandboxRunRenewalDocument,
  type SandboxRunRenewalMutation,
  type SandboxRunRenewalMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SandboxRunRenewal` mutation (`graphql/billing.graphql`). */
export function useSandboxRunRenewalMutation(
  options?: MutationOptions<SandboxRunRenewalMutation, SandboxRunRenewalMutationVariables>,
) {
  return useTypedMutation(SandboxRunRenewalDocument, options);
}
