import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { notifications } from '@mantine/notifications';
import { Messages, PublicLayoutMessages } from '@jibs/domain';
import {
  createApolloClient,
  createFetchTransport,
  createTokenStore,
  followSessionInCache,
  SessionManager,
  startLanguage,
  translateText,
} from '@jibs/web-data';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const tokens = createTokenStore();
// The session talks to the gateway as the member site's does (a plain fetch); the console's
// screens query through the Apollo client.
const session = new SessionManager(createFetchTransport({ tokens }), tokens, {
  onExpired: () =>
    notifications.show({
      color: 'yellow',
      title: translateText(PublicLayoutMessages.signedOut),
      message: translateText(Messages.sessionExpired),
    }),
  ...followSessionInCache(() => client),
});
const client = createApolloClient({ tokens, renewSession: () => session.refresh() });

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// An admin who reads Arabic or Urdu sees the console in it from the first render: its catalogue
// loads first (English has none to load); their profile's choice follows once they are known.
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App client={client} session={session} />
    </StrictMode>,
  ),
);
