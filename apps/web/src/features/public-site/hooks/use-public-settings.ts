import { resolvePublicSettings, type PublicSettingsValues } from '../utils/public-settings';
import { useQuery } from '@apollo/client/react';
import { PublicPageSettingsDocument } from '../../../gql/graphql';

/**
 * The fees, file limits and site name the public pages show. While loading, `loading` is true;
 * if the server cannot be reached the service's standard values are shown instead, without alarm.
 */
export function usePublicSettings(): { settings: PublicSettingsValues; loading: boolean } {
  const { data, loading } = useQuery(PublicPageSettingsDocument);
  return { settings: resolvePublicSettings(data?.publicSettings), loading };
}
