import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
// The landing page is in the first bundle (placed by the app); the others load when first visited.
const FaqPage = lazy(() => import('./pages/faq-page').then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() =>
  import('./pages/contact-page').then((m) => ({ default: m.ContactPage })),
);

/**
 * The public pages' routes past the landing page (FAQ, contact), placed by the app
 * inside its layout route. Returned as an array because react-router reads <Route> children directly.
 */
export function publicRoutes(): ReactElement[] {
  return [
    <Route key="faq" path="faq" element={<FaqPage />} />,
    <Route key="contact" path="contact" element={<ContactPage />} />,
  ];
}
