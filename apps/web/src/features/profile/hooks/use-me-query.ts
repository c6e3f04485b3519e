import { MeDocument, type MeQuery, type MeQueryVariables } from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `Me` query (`graphql/profile.graphql`). */
export function useMeQuery(...args: QueryArgs<MeQuery, MeQueryVariables>) {
  return useTypedQuery(MeDocument, ...args);
}
