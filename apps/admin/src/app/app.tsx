import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ApolloClient } from '@apollo/client';
import { cssVariablesResolver, SessionProvider, theme, type SessionManager } from '@jibs/web-data';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AdminLayout } from '../layout/admin-layout';
import { PageLoader } from '../layout/page-loader';
import { AdminGate } from '../session/admin-gate';

const DashboardPage = lazy(() =>
  import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const DeathReportsPage = lazy(() =>
  import('../pages/death-reports-page').then((m) => ({ default: m.DeathReportsPage })),
);
const DocumentsPage = lazy(() =>
  import('../pages/documents-page').then((m) => ({ default: m.DocumentsPage })),
);
const ExportsPage = lazy(() =>
  import('../exports/exports-page').then((m) => ({ default: m.ExportsPage })),
);
const NotYetAvailablePage = lazy(() =>
  import('../pages/not-yet-available-page').then((m) => ({ default: m.NotYetAvailablePage })),
);
const NotFoundPage = lazy(() =>
  import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** Admin screens still to be built: a clear 'not yet available' state, never fake data. */
const SCREENS_TO_COME = [
  { path: 'users', title: 'Users' },
  { path: 'settings', title: 'Settings' },
  { path: 'testing', title: 'Testing & Documentation' },
];

export function App({ client, session }: { client: ApolloClient; session: SessionManager }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Notifications position="bottom-right" autoClose={5000} />
      <ApolloProvider client={client}>
        <SessionProvider manager={session}>
          <AdminGate>
            <BrowserRouter basename="/admin">
              <Routes>
                <Route element={<AdminLayout />}>
                  <Route
                    index
                    element={
                      <Suspense fallback={<PageLoader />}>
                        <DashboardPage />
                      </Suspense>
                    }
                  />
                  <Route
                    path="death-reports"
                    element={
                      <Suspense fallback={<PageLoader />}>
                        <DeathReportsPage />
                      </Suspense>
                    }
                  />
                  <Route
                    path="documents"
                    element={
                      <Suspense fallback={<PageLoader />}>
                        <DocumentsPage />
                      </Suspense>
                    }
                  />
                  <Route
                    path="exports"
                    element={
                      <Suspense fallback={<PageLoader />}>
                        <ExportsPage />
                      </Suspense>
                    }
                  />
                  {SCREENS_TO_COME.map((screen) => (
                    <Route
                      key={screen.path}
                      path={screen.path}
                      element={
                        <Suspense fallback={<PageLoader />}>
                          <NotYetAvailablePage title={screen.title} />
                        </Suspense>
                      }
                    />
                  ))}
                  <Route
                    path="*"
                    element={
                      <Suspense fallback={<PageLoader />}>
                        <NotFoundPage />
                      </Suspense>
                    }
                  />
                </Route>
              </Routes>
            </BrowserRouter>
          </AdminGate>
        </SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
