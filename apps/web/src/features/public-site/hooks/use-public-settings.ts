import { use, useEffect, useState } from 'react';
import { ClientPromiseContext } from '../../../shared/apollo/client-context';
import type { PublicSettingsValues } from '../utils/public-settings';

/**
 * The fees, file limits and site name the public pages show: null until they are in (the
 * server's, or the service's standard values if it cannot be reached).
 *
 * Through the client's promise rather than Apollo's React hooks, and with the query loaded
 * alongside the client, so that a page using it renders before either (the FAQ shows its
 * questions at once; an answer naming a fee shows a placeholder for it until then).
 */
export function usePublicSettings(): PublicSettingsValues | null {
  const pending = use(ClientPromiseContext);
  const [settings, setSettings] = useState<PublicSettingsValues | null>(null);
  useEffect(() => {
    if (!pending) return;
    let current = true;
    void Promise.all([pending, import('../utils/public-settings-query')])
      .then(([client, { fetchPublicSettings }]) => fetchPublicSettings(client))
      .then((live) => current && setSettings(live));
    return () => {
      current = false;
    };
  }, [pending]);
  return settings;
}
