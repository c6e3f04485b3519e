import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import { AppLayout } from '../layout/app-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { publicRoutes } from '../public/public-routes';
import { RouteGuard } from '../session/route-guards';
import { SessionProvider, type SessionManager } from '@jibs/web-data';
import { SessionGate } from '../session/session-gate';
import { cssVariablesResolver, theme } from '@jibs/web-data';

// Screens past the landing page load when they are first visited.
const LoginPage = lazy(() => import('../pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardPage = lazy(() =>
  import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazy(() =>
  import('../pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const PaymentHistoryPage = lazy(() =>
  import('../pages/payment-history-page').then((m) => ({ default: m.PaymentHistoryPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('../pages/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentCancelledPage = lazy(() =>
  import('../pages/payment-cancelled-page').then((m) => ({ default: m.PaymentCancelledPage })),
);
const RegistrationPaymentSuccessPage = lazy(() =>
  import('../pages/registration-payment-success-page').then((m) => ({
    default: m.RegistrationPaymentSuccessPage,
  })),
);
const ComingSoonPage = lazy(() =>
  import('../pages/coming-soon-page').then((m) => ({ default: m.ComingSoonPage })),
);

/** Member screens not built yet: they wait behind the guard they will have. */
const MEMBER_SCREENS_TO_COME = [
  { path: 'submit-death', title: 'Submit Death Report', withBreadcrumbs: true },
  { path: 'upload', title: 'Upload Documents', withBreadcrumbs: true },
  { path: 'my-reports', title: 'My Death Reports' },
  { path: 'memorials', title: 'Memorial Pages' },
  { path: 'memorials/create', title: 'Create a Memorial' },
  { path: 'memorial/:id', title: 'Memorial' },
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
          <SessionGate>
            <BrowserRouter>
              <Routes>
                <Route element={<AppLayout />}>
                  {publicRoutes()}
                  <Route path="register" element={<RegisterPage />} />
                  <Route path="reset-password" element={<ResetPasswordPage />} />
                  <Route element={<RouteGuard access="signed-out" />}>
                    <Route path="login" element={<LoginPage />} />
                  </Route>
                  <Route element={<RouteGuard access="signed-in" />}>
                    {/* Payment results: registration may still be under way. */}
                    <Route path="payment-success" element={<PaymentSuccessPage />} />
                    <Route path="payment-cancelled" element={<PaymentCancelledPage />} />
                    <Route
                      path="registration-payment-success"
                      element={<RegistrationPaymentSuccessPage />}
                    />
                  </Route>
                  <Route element={<RouteGuard access="registered" />}>
                    <Route path="dashboard" element={<DashboardPage />} />
                    <Route path="profile" element={<ProfilePage />} />
                    <Route path="payment-history" element={<PaymentHistoryPage />} />
                    {MEMBER_SCREENS_TO_COME.map((screen) => (
                      <Route
                        key={screen.path}
                        path={screen.path}
                        element={
                          <ComingSoonPage
                            title={screen.title}
                            withBreadcrumbs={screen.withBreadcrumbs}
                          />
                        }
                      />
                    ))}
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
