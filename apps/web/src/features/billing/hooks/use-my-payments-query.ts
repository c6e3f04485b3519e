import {
  MyPaymentsDocument,
  type MyPaymentsQuery,
  type MyPaymentsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MyPayments` query (`graphql/billing.graphql`). */
export function useMyPaymentsQuery(...args: QueryArgs<MyPaymentsQuery, MyPaymentsQueryVariables>) {
  return useTypedQuery(MyPaymentsDocument, ...args);
}
