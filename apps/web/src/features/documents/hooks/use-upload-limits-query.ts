import {
  UploadLimitsDocument,
  type UploadLimitsQuery,
  type UploadLimitsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `UploadLimits` query (`graphql/documents.graphql`). */
export function useUploadLimitsQuery(
  ...args: QueryArgs<UploadLimitsQuery, UploadLimitsQueryVariables>
) {
  return useTypedQuery(UploadLimitsDocument, ...args);
}
