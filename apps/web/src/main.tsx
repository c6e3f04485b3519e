import './app/styles-first-page';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppData } from './app/app-data';

const data = createAppData(() => {
  void import('./app/session-expired-notice').then((notice) => notice.showSessionExpired());
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App data={data} />
  </StrictMode>,
);
