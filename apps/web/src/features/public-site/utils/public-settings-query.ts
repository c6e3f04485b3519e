import type { ApolloClient } from '@apollo/client';
import { PublicPageSettingsDocument } from '../../../gql/graphql';
import {
  FALLBACK_PUBLIC_SETTINGS,
  resolvePublicSettings,
  type PublicSettingsValues,
} from './public-settings';

/**
 * The live public settings, or the service's standard ones when the server cannot be reached
 * (shown without alarm). Loaded with the client (usePublicSettings), so that the pages showing
 * them carry neither the generated documents nor the domain's settings module.
 */
export async function fetchPublicSettings(client: ApolloClient): Promise<PublicSettingsValues> {
  try {
    const { data } = await client.query({ query: PublicPageSettingsDocument });
    return resolvePublicSettings(data?.publicSettings);
  } catch {
    return FALLBACK_PUBLIC_SETTINGS;
  }
}
