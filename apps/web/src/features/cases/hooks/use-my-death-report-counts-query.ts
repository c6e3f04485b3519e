import {
  MyDeathReportCountsDocument,
  type MyDeathReportCountsQuery,
  type MyDeathReportCountsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MyDeathReportCounts` query (`graphql/cases.graphql`). */
export function useMyDeathReportCountsQuery(
  ...args: QueryArgs<MyDeathReportCountsQuery, MyDeathReportCountsQueryVariables>
) {
  return useTypedQuery(MyDeathReportCountsDocument, ...args);
}
