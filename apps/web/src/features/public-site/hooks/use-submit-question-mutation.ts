import {
  SubmitQuestionDocument,
  type SubmitQuestionMutation,
  type SubmitQuestionMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SubmitQuestion` mutation (`graphql/public-site.graphql`). */
export function useSubmitQuestionMutation(
  options?: MutationOptions<SubmitQuestionMutation, SubmitQuestionMutationVariables>,
) {
  return useTypedMutation(SubmitQuestionDocument, options);
}
