import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import { AppLayout } from '../layout/app-layout';
import { LandingPage } from '../pages/landing-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RequireSignedIn, RequireSignedOut } from '../session/route-guards';
import { SessionProvider } from '../session/session-context';
import type { SessionManager } from '../session/session-manager';
import { SessionGate } from '../session/session-gate';
import { cssVariablesResolver, theme } from './theme';

// Screens past the landing page load when they are first visited.
const LoginPage = lazy(() => import('../pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const DashboardPage = lazy(() =>
  import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);

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
          <SessionGate>
            <BrowserRouter>
              <Routes>
                <Route element={<AppLayout />}>
                  <Route index element={<LandingPage />} />
                  <Route element={<RequireSignedOut />}>
                    <Route path="login" element={<LoginPage />} />
                    <Route path="register" element={<RegisterPage />} />
                  </Route>
                  <Route element={<RequireSignedIn />}>
                    <Route path="dashboard" element={<DashboardPage />} />
                  </Route>
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </BrowserRouter>
          </SessionGate>
        </SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
