import {
  StartSignUpDocument,
  type StartSignUpMutation,
  type StartSignUpMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `StartSignUp` mutation (`graphql/registration.graphql`). */
export function useStartSignUpMutation(
  options?: MutationOptions<StartSignUpMutation, StartSignUpMutationVariables>,
) {
  return useTypedMutation(StartSignUpDocument, options);
}
