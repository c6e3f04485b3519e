import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { PageLoader } from '@jibs/web-ui';
import { useBrowserValue } from '../../shared/utils/browser-value';

/**
 * Header, page and footer. Plain elements rather than Mantine's AppShell, whose navbar, aside,
 * resizing and scroll locking this site does not use and every first page would download.
 * The footer stays outside <main> so it remains the page's contentinfo landmark. It is below
 * the fold on every page and hidden while a page shows its loader, so it loads beside the page
 * rather than before it: every route's first load is the lighter for it (issue 26).
 */
const AppFooter = lazy(() => import('./app-footer').then((m) => ({ default: m.AppFooter })));

export function AppLayout() {
  // The visitor's year for the footer's line: not the build's, in a prerendered page.
  const year = useBrowserValue(() => new Date().getFullYear());
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
      {/* Marks the layout as still loading a part, for tests that read the whole page. */}
      <Suspense fallback={<div data-pending="footer" hidden />}>
        <AppFooter year={year} />
      </Suspense>
    </div>
  );
}
