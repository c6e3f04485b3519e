import {
  CompleteSignInDocument,
  type CompleteSignInMutation,
  type CompleteSignInMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `CompleteSignIn` mutation (`graphql/sign-in.graphql`). */
export function useCompleteSignInMutation(
  options?: MutationOptions<CompleteSignInMutation, CompleteSignInMutationVariables>,
) {
  return useTypedMutation(CompleteSignInDocument, options);
}
