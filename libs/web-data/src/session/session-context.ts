// Plain TypeScript (createElement, no JSX), so that the unit tests of both clients, which load
// `@jibs/web-data` without a JSX transform, can import the library's index.
import {
  createContext,
  createElement,
  use,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { SessionHandle, SessionState } from './session-manager';

const SessionContext = createContext<SessionHandle | null>(null);

export function SessionProvider({
  manager,
  children,
}: {
  manager: SessionHandle;
  children: ReactNode;
}) {
  useEffect(() => {
    void manager.restore();
    // Timers are throttled in background tabs: renew on return if the token is due.
    const onVisible = () => {
      if (document.visibilityState === 'visible') manager.renewIfDue();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [manager]);

  return createElement(SessionContext, { value: manager }, children);
}

export function useSessionManager(): SessionHandle {
  const manager = use(SessionContext);
  if (!manager) throw new Error('useSessionManager must be used inside <SessionProvider>');
  return manager;
}

export function useSession(): SessionState {
  const manager = useSessionManager();
  return useSyncExternalStore(manager.subscribe, manager.getState, manager.getState);
}
