import {
  MemorialMemoriesDocument,
  type MemorialMemoriesQuery,
  type MemorialMemoriesQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MemorialMemories` query (`graphql/memorials.graphql`). */
export function useMemorialMemoriesQuery(
  ...args: QueryArgs<MemorialMemoriesQuery, MemorialMemoriesQueryVariables>
) {
  return useTypedQuery(MemorialMemoriesDocument, ...args);
}
