import {
  MemorialModerationQueueDocument,
  type MemorialModerationQueueQuery,
  type MemorialModerationQueueQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MemorialModerationQueue` query (`graphql/memorials.graphql`). */
export function useMemorialModerationQueueQuery(
  ...args: QueryArgs<MemorialModerationQueueQuery, MemorialModerationQueueQueryVariables>
) {
  return useTypedQuery(MemorialModerationQueueDocument, ...args);
}
