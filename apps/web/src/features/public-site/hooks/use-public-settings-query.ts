import {
  PublicSettingsDocument,
  type PublicSettingsQuery,
  type PublicSettingsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `PublicSettings` query (`graphql/public-site.graphql`). */
export function usePublicSettingsQuery(
  ...args: QueryArgs<PublicSettingsQuery, PublicSettingsQueryVariables>
) {
  return useTypedQuery(PublicSettingsDocument, ...args);
}
