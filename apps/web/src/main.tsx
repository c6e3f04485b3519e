import './app/styles-first-page';
import './app/global.css';
import './app/script-fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppData } from './app/app-data';
import { loadFirstScreen } from './app/first-screen';
import { startLanguage } from '@jibs/web-data';

const data = createAppData(() => {
  void import('./app/session-expired-notice').then((notice) => notice.showSessionExpired());
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A visitor who reads Arabic or Urdu sees the first page in it: its catalogue loads first
// (English has none to load); the page's own screen too, so its words show with the layout.
void Promise.all([startLanguage(), loadFirstScreen(window.location.pathname)]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App data={data} />
    </StrictMode>,
  ),
);
