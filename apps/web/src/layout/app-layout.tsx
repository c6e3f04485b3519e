import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { PageLoader } from './page-loader';

export function AppLayout() {
  return (
    <AppShell
      header={{ height: 72 }}
      padding={0}
      // The page fills the window's height, so the footer sits at the bottom of short pages;
      // the footer stays outside <main> so it remains the page's contentinfo landmark.
      styles={{
        root: { display: 'flex', flexDirection: 'column', minHeight: '100dvh' },
        main: { flex: 1, minHeight: 'auto' },
      }}
    >
      <AppShell.Header withBorder={false}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppFooter />
    </AppShell>
  );
}
