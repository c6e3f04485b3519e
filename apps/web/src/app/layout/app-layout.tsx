import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { PageLoader } from '@jibs/web-ui';

/**
 * Header, page and footer. Plain elements rather than Mantine's AppShell, whose navbar, aside,
 * resizing and scroll locking this site does not use and every first page would download.
 * The footer stays outside <main> so it remains the page's contentinfo landmark.
 */
export function AppLayout() {
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <AppHeader />
      </header>
      <main className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
