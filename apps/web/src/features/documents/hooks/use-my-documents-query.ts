import {
  MyDocumentsDocument,
  type MyDocumentsQuery,
  type MyDocumentsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MyDocuments` query (`graphql/documents.graphql`). */
export function useMyDocumentsQuery(
  ...args: QueryArgs<MyDocumentsQuery, MyDocumentsQueryVariables>
) {
  return useTypedQuery(MyDocumentsDocument, ...args);
}
