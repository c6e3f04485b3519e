import {
  RegistrationQuoteDocument,
  type RegistrationQuoteQuery,
  type RegistrationQuoteQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `RegistrationQuote` query (`graphql/registration.graphql`). */
export function useRegistrationQuoteQuery(
  ...args: QueryArgs<RegistrationQuoteQuery, RegistrationQuoteQueryVariables>
) {
  return useTypedQuery(RegistrationQuoteDocument, ...args);
}
