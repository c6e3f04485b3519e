import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { notifications } from '@mantine/notifications';
import { Messages } from '@jibs/domain';
import {
  createApolloClient,
  createTokenStore,
  SessionManager,
  startLanguage,
} from '@jibs/web-data';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const tokens = createTokenStore();
const client = createApolloClient({ tokens, renewSession: () => session.refresh() });
const session = new SessionManager(client, tokens, () =>
  notifications.show({ color: 'yellow', title: 'Signed out', message: Messages.sessionExpired }),
);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The reader's language (its catalogue loaded) before the first render.
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App client={client} session={session} />
    </StrictMode>,
  ),
);
