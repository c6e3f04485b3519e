import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { lazyScreen } from '../../shared/lazy-screen';
// The landing page is in the first bundle (placed by the app); the others load when first visited.
const FaqPage = lazyScreen(
  'faq',
  () => import('./pages/faq-page'),
  (m) => m.FaqPage,
);
const ContactPage = lazyScreen(
  'contact',
  () => import('./pages/contact-page'),
  (m) => m.ContactPage,
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
