import {
  UpdateProfileDocument,
  type UpdateProfileMutation,
  type UpdateProfileMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `UpdateProfile` mutation (`graphql/profile.graphql`). */
export function useUpdateProfileMutation(
  options?: MutationOptions<UpdateProfileMutation, UpdateProfileMutationVariables>,
) {
  return useTypedMutation(UpdateProfileDocument, options);
}
