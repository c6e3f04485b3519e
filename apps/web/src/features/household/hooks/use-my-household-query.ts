import {
  MyHouseholdDocument,
  type MyHouseholdQuery,
  type MyHouseholdQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MyHousehold` query (`graphql/household.graphql`). */
export function useMyHouseholdQuery(
  ...args: QueryArgs<MyHouseholdQuery, MyHouseholdQueryVariables>
) {
  return useTypedQuery(MyHouseholdDocument, ...args);
}
