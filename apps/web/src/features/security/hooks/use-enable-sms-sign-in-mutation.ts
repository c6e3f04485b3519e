import {
  EnableSmsSignInDocument,
  type EnableSmsSignInMutation,
  type EnableSmsSignInMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `EnableSmsSignIn` mutation (`graphql/security.graphql`). */
export function useEnableSmsSignInMutation(
  options?: MutationOptions<EnableSmsSignInMutation, EnableSmsSignInMutationVariables>,
) {
  return useTypedMutation(EnableSmsSignInDocument, options);
}
