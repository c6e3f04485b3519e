import {
  MemorialConnectionsDocument,
  type MemorialConnectionsQuery,
  type MemorialConnectionsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MemorialConnections` query (`graphql/memorials.graphql`). */
export function useMemorialConnectionsQuery(
  ...args: QueryArgs<MemorialConnectionsQuery, MemorialConnectionsQueryVariables>
) {
  return useTypedQuery(MemorialConnectionsDocument, ...args);
}
