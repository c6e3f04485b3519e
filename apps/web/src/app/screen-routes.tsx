import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '@jibs/web-ui';
import { RouteGuard } from '../features/session/components/route-guards';
import { WithApollo } from '../shared/apollo/with-apollo';
import { lazyScreen } from '../shared/lazy-screen';
import { DataRoutes } from './data-routes';

// Shown only for an address no route has: it (with the public site's words) loads then.
const NotFoundPage = lazy(() =>
  import('../features/public-site/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/sign-in/pages/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const DashboardPage = lazyScreen(
  'dashboard',
  () => import('../features/dashboard/pages/dashboard-page'),
  (m) => m.DashboardPage,
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

/** A screen that queries with Apollo's hooks: it renders once the client is in, a loader meanwhile. */
function withClient(screen: ReactNode) {
  return <WithApollo fallback={<PageLoader />}>{screen}</WithApollo>;
}

/**
 * The screens past the light pages (app.tsx), matched below its catch-all route: their table,
 * guards and lazy screens load with the first of them visited, not with every page. A screen
 * that queries waits for the Apollo client (`withClient`); the others (the dashboard, whose
 * figures wait for the client inside it, the cancelled payment, the 404) render without it.
 */
export default function ScreenRoutes() {
  return (
    <Routes>
      <Route element={<DataRoutes />}>
        <Route path="testing" element={withClient(<TestingPage />)} />
        <Route path="reset-password" element={withClient(<ResetPasswordPage />)} />
        {/* Janazah notices: public; the server leaves out what a visitor may not see. */}
        <Route path="janazah" element={withClient(<JanazahPage />)} />
        <Route element={<RouteGuard access="signed-in" />}>
          {/* Payment results: registration may still be under way. */}
          <Route path="payment-success" element={withClient(<PaymentSuccessPage />)} />
          <Route path="payment-cancelled" element={<PaymentCancelledPage />} />
          <Route
            path="registration-payment-success"
            element={withClient(<RegistrationPaymentSuccessPage />)}
          />
        </Route>
        <Route element={<RouteGuard access="registered" />}>
          {/* Not waiting for the client: its figures do, inside the page (dashboard-stats). */}
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="profile" element={withClient(<ProfilePage />)} />
          <Route path="payment-history" element={withClient(<PaymentHistoryPage />)} />
          <Route path="memorials/create" element={withClient(<CreateMemorialPage />)} />
          <Route path="submit-death" element={withClient(<SubmitDeathReportPage />)} />
          <Route path="my-reports" element={withClient(<MyReportsPage />)} />
          <Route path="my-reports/:id" element={withClient(<CasePage />)} />
          <Route path="upload" element={withClient(<UploadDocumentsPage />)} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
