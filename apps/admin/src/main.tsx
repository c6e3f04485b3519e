import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { notifications } from '@mantine/notifications';
import { Messages, PublicLayoutMessages } from '@jibs/domain';
import { createApolloClient, createTokenStore, SessionManager } from '@jibs/web-data';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const tokens = createTokenStore();
const client = createApolloClient({ tokens, renewSession: () => session.refresh() });
const session = new SessionManager(client, tokens, () =>
  notifications.show({
    color: 'yellow',
    title: PublicLayoutMessages.signedOut,
    message: Messages.sessionExpired,
  }),
);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App client={client} session={session} />
  </StrictMode>,
);
