import {
  StartMemorialPhotoUploadDocument,
  type StartMemorialPhotoUploadMutation,
  type StartMemorialPhotoUploadMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `StartMemorialPhotoUpload` mutation (`graphql/memorials.graphql`). */
export function useStartMemorialPhotoUploadMutation(
  options?: MutationOptions<
    StartMemorialPhotoUploadMutation,
    StartMemorialPhotoUploadMutationVariables
  >,
) {
  return useTypedMutation(StartMemorialPhotoUploadDocument, options);
}
