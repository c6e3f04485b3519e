import {
  ReorderMemorialPhotosDocument,
  type ReorderMemorialPhotosMutation,
  type ReorderMemorialPhotosMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `ReorderMemorialPhotos` mutation (`graphql/memorials.graphql`). */
export function useReorderMemorialPhotosMutation(
  options?: MutationOptions<ReorderMemorialPhotosMutation, ReorderMemorialPhotosMutationVariables>,
) {
  return useTypedMutation(ReorderMemorialPhotosDocument, options);
}
