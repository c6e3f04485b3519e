import type { ReactElement } from 'react';

/**
 * The public pages' routes (landing, FAQ, contact, testing), placed by the app inside its
 * layout route. Returned as an array because react-router reads <Route> children directly.
 */
export function publicRoutes(): ReactElement[] {
  return [];
}
