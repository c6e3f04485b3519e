import { Outlet } from 'react-router';
import { SessionGate } from '../features/session/components/session-gate';
// Mantine's styles for the screens, with their route table rather than with the Apollo client:
// a screen that does not wait for the client (the dashboard) is styled from its first render.
import '../shared/apollo/styles-screens';

/**
 * The layout route of every screen but the light pages: what they show depends on who is signed
 * in, so they wait for the restored session (a plain fetch, started as the app starts). Each
 * screen that queries waits for the Apollo client too (`withClient` in screen-routes.tsx).
 */
export function DataRoutes() {
  return (
    <SessionGate>
      <Outlet />
    </SessionGate>
  );
}
