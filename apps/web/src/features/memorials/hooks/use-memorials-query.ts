import {
  MemorialsDocument,
  type MemorialsQuery,
  type MemorialsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `Memorials` query (`graphql/memorials.graphql`). */
export function useMemorialsQuery(...args: QueryArgs<MemorialsQuery, MemorialsQueryVariables>) {
  return useTypedQuery(MemorialsDocument, ...args);
}
