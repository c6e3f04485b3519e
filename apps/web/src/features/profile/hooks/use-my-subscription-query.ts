import {
  MySubscriptionDocument,
  type MySubscriptionQuery,
  type MySubscriptionQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MySubscription` query (`graphql/profile.graphql`). */
export function useMySubscriptionQuery(
  ...args: QueryArgs<MySubscriptionQuery, MySubscriptionQueryVariables>
) {
  return useTypedQuery(MySubscriptionDocument, ...args);
}
