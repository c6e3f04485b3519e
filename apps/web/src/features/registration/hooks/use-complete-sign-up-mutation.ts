import {
  CompleteSignUpDocument,
  type CompleteSignUpMutation,
  type CompleteSignUpMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `CompleteSignUp` mutation (`graphql/registration.graphql`). */
export function useCompleteSignUpMutation(
  options?: MutationOptions<CompleteSignUpMutation, CompleteSignUpMutationVariables>,
) {
  return useTypedMutation(CompleteSignUpDocument, options);
}
