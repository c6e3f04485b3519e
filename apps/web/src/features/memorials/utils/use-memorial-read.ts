import { createFetchTransport, useSession, useSessionManager } from '@jibs/web-data';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { MemorialRead, type MemorialReadState } from './memorial-read';

export type MemorialReadHandle = MemorialReadState & Pick<MemorialRead, 'reload' | 'update'>;

const BEARER = 'Bearer ';

/**
 * The memorial `id` as the viewer may see it, read once the session is settled and again when
 * the viewer changes (a signed-in member's token may show more than a visitor sees).
 */
export function useMemorialRead(id: string): MemorialReadHandle {
  const session = useSessionManager();
  const { status, user } = useSession();
  const viewer = status === 'loading' ? null : (user?.id ?? 'visitor');
  const read = useMemo(() => {
    // The session's token, which the screens see only as its header.
    const token = () => session.authorization()?.slice(BEARER.length) ?? null;
    return new MemorialRead(createFetchTransport({ tokens: { get: token } }), session, id);
  }, [session, id]);
  useEffect(() => {
    if (viewer !== null) void read.reload();
  }, [read, viewer]);
  const state = useSyncExternalStore(read.subscribe, read.getState, read.getState);
  return { ...state, reload: read.reload, update: read.update };
}
