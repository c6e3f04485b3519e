import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from '../features/public-site/pages/not-found-page';
import { LandingPage } from '../features/public-site/pages/landing-page';
import { publicRoutes } from '../features/public-site/public-routes';
import { RouteGuard } from '../features/session/components/route-guards';
import { SignInRoute } from '../features/sign-in/components/sign-in-route';
import { SessionProvider, cssVariablesResolver, adoptStrictCsp, theme } from '@jibs/web-data';
import { ClientPromiseContext } from '../shared/apollo/client-context';
import type { AppData } from './app-data';
import { DataRoutes } from './data-routes';

// The toasts' container (with its transitions) loads after the first page; a toast shown before
// waits in @mantine/notifications' store and appears when it is in.
/** This page's CSP nonce, for the <style> elements Mantine writes (see adoptStrictCsp). */
const { styleNonce } = adoptStrictCsp();

const Toasts = lazy(() => import('./toasts'));

// Screens past the landing page load when they are first visited.
const LoginPage = lazy(() =>
  import('../features/sign-in/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/registration/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/sign-in/pages/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const PaymentHistoryPage = lazy(() =>
  import('../features/billing/pages/payment-history-page').then((m) => ({
    default: m.PaymentHistoryPage,
  })),
);
const PaymentSuccessPage = lazy(() =>
  import('../features/billing/pages/payment-success-page').then((m) => ({
    default: m.PaymentSuccessPage,
  })),
);
const PaymentCancelledPage = lazy(() =>
  import('../features/billing/pages/payment-cancelled-page').then((m) => ({
    default: m.PaymentCancelledPage,
  })),
);
const RegistrationPaymentSuccessPage = lazy(() =>
  import('../features/billing/pages/registration-payment-success-page').then((m) => ({
    default: m.RegistrationPaymentSuccessPage,
  })),
);
const MemorialsPage = lazy(() =>
  import('../features/memorials/pages/memorials-page').then((m) => ({ default: m.MemorialsPage })),
);
const MemorialPage = lazy(() =>
  import('../features/memorials/pages/memorial-page').then((m) => ({ default: m.MemorialPage })),
);
const CreateMemorialPage = lazy(() =>
  import('../features/memorials/pages/create-memorial-page').then((m) => ({
    default: m.CreateMemorialPage,
  })),
);
const JanazahPage = lazy(() =>
  import('../features/janazah/pages/janazah-page').then((m) => ({ default: m.JanazahPage })),
);
const TestingPage = lazy(() =>
  import('../features/testing/pages/testing-page').then((m) => ({ default: m.TestingPage })),
);
const SubmitDeathReportPage = lazy(() =>
  import('../features/cases/pages/submit-death-report-page').then((m) => ({
    default: m.SubmitDeathReportPage,
  })),
);
const MyReportsPage = lazy(() =>
  import('../features/cases/pages/my-reports-page').then((m) => ({ default: m.MyReportsPage })),
);
const CasePage = lazy(() =>
  import('../features/cases/pages/case-page').then((m) => ({ default: m.CasePage })),
);
const UploadDocumentsPage = lazy(() =>
  import('../features/documents/pages/upload-documents-page').then((m) => ({
    default: m.UploadDocumentsPage,
  })),
);

/**
 * The landing page, the sign-in form, the FAQ, contact and the memorials' list render at once,
 * with neither the Apollo client nor the restored session (what depends on them waits for them
 * inside the page); every other screen is under `DataRoutes`.
 */
export function App({ data }: { data: AppData }) {
  return (
    <MantineProvider
      getStyleNonce={() => styleNonce}
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ClientPromiseContext value={data.client}>
        <SessionProvider manager={data.session}>
          <BrowserRouter>
            <Routes>
              <Route element={<AppLayout />}>
                <Route index element={<LandingPage />} />
                {/* Sign-in shows at once too; it loads the client when the form is sent. */}
                <Route
                  path="login"
                  element={
                    <SignInRoute>
                      <LoginPage />
                    </SignInRoute>
                  }
                />
                {/* FAQ, contact, the memorials' list: the page shows at once; its forms and its
                    list wait for the client and the session (WithSessionData) below it. */}
                {publicRoutes()}
                {/* Memorials: public routes; the server decides what each caller may see. */}
                <Route path="memorials" element={<MemorialsPage />} />
                <Route element={<DataRoutes />}>
                  <Route path="testing" element={<TestingPage />} />
                  <Route path="register" element={<RegisterPage />} />
                  <Route path="reset-password" element={<ResetPasswordPage />} />
                  <Route path="memorial/:id" element={<MemorialPage />} />
                  {/* Janazah notices: public; the server leaves out what a visitor may not see. */}
                  <Route path="janazah" element={<JanazahPage />} />
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
                    <Route path="memorials/create" element={<CreateMemorialPage />} />
                    <Route path="submit-death" element={<SubmitDeathReportPage />} />
                    <Route path="my-reports" element={<MyReportsPage />} />
                    <Route path="my-reports/:id" element={<CasePage />} />
                    <Route path="upload" element={<UploadDocumentsPage />} />
                  </Route>
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Route>
            </Routes>
          </BrowserRouter>
        </SessionProvider>
      </ClientPromiseContext>
    </MantineProvider>
  );
}
