import {
  browserSessionHint,
  createFetchTransport,
  type SessionHandle,
  type SessionTransport,
} from '@jibs/web-data';
import {
  MemorialSource,
  type MemorialDetailFragment,
  type MemorialQuery,
  type MemorialQueryVariables,
} from '../../../gql/graphql';
import { PlainRead } from '../../../shared/plain-read';

/**
 * The memorial page's own read, over a plain fetch (shared/plain-read.ts), so that a visitor sees
 * the memorial without waiting for Apollo's chunk. `data` is null before the first answer, and
 * when the service has no memorial to show.
 */
export class MemorialRead extends PlainRead<
  MemorialQuery,
  MemorialQueryVariables,
  MemorialDetailFragment | null
> {
  constructor(
    transport: SessionTransport,
    session: Pick<SessionHandle, 'authorization' | 'refresh'>,
    readonly id: string,
    early: Promise<MemorialQuery> | null = null,
  ) {
    super(transport, session, MemorialSource, { id }, (answer) => answer.memorial ?? null, early);
  }
}

/** The memorial page's address, as the router matches it (any case, an optional last slash). */
const MEMORIAL_PATH = /^\/memorial\/([^/]+)\/?$/i;

let visitorRead: { id: string; answer: Promise<MemorialQuery> } | null = null;

/**
 * A visitor's read of the memorial in the address, sent as the page's chunk loads (before React
 * has rendered anything: on the slow profile of bench:web, 0.2 s sooner than the page's first read),
 * for that first read to take (`takeVisitorRead`). Only without a session hint: a visitor's read
 * carries no token, and a member's must wait for theirs. Anything else (another address, an
 * unreadable id) sends nothing.
 */
export function startVisitorRead(
  path: string,
  {
    // Whether the browser holds a session (its hint cookie).
    session = browserSessionHint(),
    transport = createFetchTransport({ tokens: { get: () => null } }),
  }: { session?: boolean; transport?: SessionTransport } = {},
): void {
  const match = MEMORIAL_PATH.exec(path);
  if (!match || session) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const answer = transport.send(MemorialSource, { variables: { id } });
  // A failure is the page's to see, through its first read.
  answer.catch(() => undefined);
  visitorRead = { id, answer };
}

/** The read `startVisitorRead` sent for this id, once; null when there is none. */
export function takeVisitorRead(id: string): Promise<MemorialQuery> | null {
  if (visitorRead?.id !== id) return null;
  const { answer } = visitorRead;
  visitorRead = null;
  return answer;
}
