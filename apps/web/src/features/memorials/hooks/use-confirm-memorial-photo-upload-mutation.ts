import {
  ConfirmMemorialPhotoUploadDocument,
  type ConfirmMemorialPhotoUploadMutation,
  type ConfirmMemorialPhotoUploadMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `ConfirmMemorialPhotoUpload` mutation (`graphql/memorials.graphql`). */
export function useConfirmMemorialPhotoUploadMutation(
  options?: MutationOptions<
    ConfirmMemorialPhotoUploadMutation,
    ConfirmMemorialPhotoUploadMutationVariables
  >,
) {
  return useTypedMutation(ConfirmMemorialPhotoUploadDocument, options);
}
