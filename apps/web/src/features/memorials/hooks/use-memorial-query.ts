import {
  MemorialDocument,
  type MemorialQuery,
  type MemorialQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `Memorial` query (`graphql/memorials.graphql`). */
export function useMemorialQuery(...args: QueryArgs<MemorialQuery, MemorialQueryVariables>) {
  return useTypedQuery(MemorialDocument, ...args);
}
