import {
  DashboardSummaryDocument,
  type DashboardSummaryQuery,
  type DashboardSummaryQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `DashboardSummary` query (`graphql/dashboard.graphql`). */
export function useDashboardSummaryQuery(
  ...args: QueryArgs<DashboardSummaryQuery, DashboardSummaryQueryVariables>
) {
  return useTypedQuery(DashboardSummaryDocument, ...args);
}
