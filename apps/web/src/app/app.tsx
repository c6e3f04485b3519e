import { DirectionProvider, MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { LandingPage } from '../features/public-site/pages/landing-page';
import { publicRoutes } from '../features/public-site/public-routes';
import { SignInRoute } from '../features/sign-in/components/sign-in-route';
import { SessionProvider, cssVariablesResolver, useLocalizedTheme } from '@jibs/web-data';
import { ClientPromiseContext } from '../shared/apollo/client-context';
import { lazyScreen } from '../shared/lazy-screen';
import type { AppData } from './app-data';

// The toasts' container (with its transitions) loads after the first page; a toast shown before
// waits in @mantine/notifications' store and appears when it is in.

const Toasts = lazy(() => import('./toasts'));

// Screens past the landing page load when they are first visited.
// (By name, for the first page's screen to load before the first render: route-screens.ts.)
const LoginPage = lazyScreen(
  'login',
  () => import('../features/sign-in/pages/login-page'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyScreen(
  'register',
  () => import('../features/registration/pages/register-page'),
  (m) => m.RegisterPage,
);
const MemorialsPage = lazyScreen(
  'memorials',
  () => import('../features/memorials/pages/memorials-page'),
  (m) => m.MemorialsPage,
);
// A memorial's page: it reads the memorial over the session's plain fetch (memorial-page.tsx),
// or a visitor's page has the answer in it already; with the memorial as shown, so that the first
// render shows the memorial rather than waiting for that part.
const MemorialPage = lazyScreen(
  'memorial',
  () =>
    import('../features/memorials/pages/memorial-page').then((m) =>
      m.firstRenderParts.then(() => m),
    ),
  (m) => m.MemorialPage,
);
// Every other screen, and its route table (screen-routes.tsx), loads when first visited.
const ScreenRoutes = lazyScreen(
  'screens',
  () => import('./screen-routes'),
  (m) => m.default,
);

/**
 * The landing page, the sign-in form, registration's first step, the FAQ, contact, the
 * memorials' list and a memorial's page render at once,
 * with neither the Apollo client nor the restored session (what depends on them waits for them
 * inside the page); every other screen is under `DataRoutes`, in `ScreenRoutes` (screen-routes.tsx).
 */
export function App({
  data,
  styleNonce,
  Router = BrowserRouter,
}: {
  data: AppData;
  /** The page's CSP nonce, for the <style> elements Mantine writes (main.tsx: adoptStrictCsp). */
  styleNonce: string;
  /** The browser's router; the build's prerender (prerender.tsx) gives a static one. */
  Router?: ComponentType<{ children: ReactNode }>;
}) {
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
        <ClientPromiseContext value={data.client}>
          <SessionProvider manager={data.session}>
            <Router>
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
                  {/* Registration too: step 1 shows at once; the code entry and a signed-in
                      member's wizard wait for the client (and the session) inside the page. */}
                  <Route path="register" element={<RegisterPage />} />
                  {/* FAQ, contact, the memorials' list: the page shows at once; its forms and its
                      list wait for the client and the session (WithSessionData) below it. */}
                  {publicRoutes()}
                  {/* Memorials: public routes; the server decides what each caller may see. */}
                  <Route path="memorials" element={<MemorialsPage />} />
                  <Route path="memorial/:id" element={<MemorialPage />} />
                  <Route path="*" element={<ScreenRoutes />} />
                </Route>
              </Routes>
            </Router>
          </SessionProvider>
        </ClientPromiseContext>
      </MantineProvider>
    </DirectionProvider>
  );
}
