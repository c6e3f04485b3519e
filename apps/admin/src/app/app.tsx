import { ApolloProvider } from '@apollo/client/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ApolloClient } from '@apollo/client';
import {
  cssVariablesResolver,
  adoptStrictCsp,
  SessionProvider,
  useLocalizedTheme,
  type SessionManager,
} from '@jibs/web-data';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AdminLayout } from './layout/admin-layout';
import { SectionLoader } from '@jibs/web-ui';
import { AdminGate } from '../features/session/components/admin-gate';

/** This page's CSP nonce, for the <style> elements Mantine writes (see adoptStrictCsp). */
const { styleNonce } = adoptStrictCsp();

// The toasts' container (with its transitions) loads after the first render; a toast shown
// before waits in @mantine/notifications' store and appears when it is in.
const Toasts = lazy(() => import('./toasts'));

const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const DeathReportsPage = lazy(() =>
  import('../features/reviews/pages/death-reports-page').then((m) => ({
    default: m.DeathReportsPage,
  })),
);
const JanazahNoticesPage = lazy(() =>
  import('../features/janazah/pages/janazah-notices-page').then((m) => ({
    default: m.JanazahNoticesPage,
  })),
);
const DocumentsPage = lazy(() =>
  import('../features/reviews/pages/documents-page').then((m) => ({ default: m.DocumentsPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage })),
);
const AuditPage = lazy(() =>
  import('../features/audit/pages/audit-page').then((m) => ({ default: m.AuditPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/analytics/pages/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
);
const WebhooksPage = lazy(() =>
  import('../features/webhooks/pages/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const OperationsPage = lazy(() =>
  import('../features/operations/pages/operations-page').then((m) => ({
    default: m.OperationsPage,
  })),
);
const FundPage = lazy(() =>
  import('../features/fund/pages/fund-page').then((m) => ({ default: m.FundPage })),
);
const SentMessagesPage = lazy(() =>
  import('../features/sent-messages/pages/sent-messages-page').then((m) => ({
    default: m.SentMessagesPage,
  })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const ExportsPage = lazy(() =>
  import('../features/exports/pages/exports-page').then((m) => ({ default: m.ExportsPage })),
);
const TestingPage = lazy(() =>
  import('../features/testing/pages/testing-page').then((m) => ({ default: m.TestingPage })),
);
const NotFoundPage = lazy(() =>
  import('./not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function App({ client, session }: { client: ApolloClient; session: SessionManager }) {
  const localizedTheme = useLocalizedTheme();
  return (
    // Mantine follows <html dir>, which the reader's language sets (libs/web-data's language).
    <DirectionProvider>
      <MantineProvider
        getStyleNonce={() => styleNonce}
        theme={localizedTheme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <ApolloProvider client={client}>
          <SessionProvider manager={session}>
            <AdminGate>
              <BrowserRouter basename="/admin">
                <Routes>
                  <Route element={<AdminLayout />}>
                    <Route
                      index
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <DashboardPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="death-reports"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <DeathReportsPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="janazah"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <JanazahNoticesPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="users"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <UsersPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="documents"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <DocumentsPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="settings"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <SettingsPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="testing"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <TestingPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="exports"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <ExportsPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="analytics"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <AnalyticsPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="fund"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <FundPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="notifications"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <SentMessagesPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="webhooks"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <WebhooksPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="operations"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <OperationsPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="audit"
                      element={
                        <Suspense fallback={<SectionLoader />}>
                          <AuditPage />
                        </Suspense>
                      }
                    />
                    <Route
                      path="*"
                      element={
                        <Suspense fallback={<SectionLoader />}>
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
    </DirectionProvider>
  );
}
