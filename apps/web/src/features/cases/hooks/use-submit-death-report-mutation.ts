import {
  SubmitDeathReportDocument,
  type SubmitDeathReportMutation,
  type SubmitDeathReportMutationVariables,
} from '../../../gql/graphql';
import { useTypedMutation, type MutationOptions } from '../../../shared/hooks/typed-operations';

/** The `SubmitDeathReport` mutation (`graphql/cases.graphql`). */
export function useSubmitDeathReportMutation(
  options?: MutationOptions<SubmitDeathReportMutation, SubmitDeathReportMutationVariables>,
) {
  return useTypedMutation(SubmitDeathReportDocument, options);
}
