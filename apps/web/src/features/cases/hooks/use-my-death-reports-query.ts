import {
  MyDeathReportsDocument,
  type MyDeathReportsQuery,
  type MyDeathReportsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MyDeathReports` query (`graphql/cases.graphql`). */
export function useMyDeathReportsQuery(
  ...args: QueryArgs<MyDeathReportsQuery, MyDeathReportsQueryVariables>
) {
  return useTypedQuery(MyDeathReportsDocument, ...args);
}
