import {
  SubmitContactMessageDocument,
  type SubmitContactMessageMutation,
  type SubmitContactMessageMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SubmitContactMessage` mutation (`graphql/public-site.graphql`). */
export function useSubmitContactMessageMutation(
  options?: MutationOptions<SubmitContactMessageMutation, SubmitContactMessageMutationVariables>,
) {
  return useTypedMutation(SubmitContactMessageDocument, options);
}
