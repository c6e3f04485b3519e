import {
  PublicPageSettingsDocument,
  type PublicPageSettingsQuery,
  type PublicPageSettingsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `PublicPageSettings` query (`graphql/public-site.graphql`). */
export function usePublicPageSettingsQuery(
  ...args: QueryArgs<PublicPageSettingsQuery, PublicPageSettingsQueryVariables>
) {
  return useTypedQuery(PublicPageSettingsDocument, ...args);
}
