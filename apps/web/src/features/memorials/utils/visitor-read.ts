import { VISITOR_READ_ELEMENT_ID, type EmbeddedVisitorRead } from '@jibs/domain';
import {
  answerOf,
  createFetchTransport,
  GraphQLAnswerError,
  type SessionTransport,
} from '@jibs/web-data';
import { MemorialSource, type MemorialQuery } from '../../../gql/graphql';
import type { EarlyRead } from '../../../shared/plain-read';

/** The memorial page's address, as the router matches it (any case, an optional last slash). */
const MEMORIAL_PATH = /^\/memorial\/([^/]+)\/?$/i;

let visitorRead: (EarlyRead<MemorialQuery> & { id: string }) | null = null;

/**
 * A visitor's read of the memorial in the address, for the page's first read to take
 * (`takeVisitorRead`) rather than asking after its first render: the answer the gateway put in
 * the page (`embedded`), else a read sent now, as the page's chunk loads. Once: a read already
 * started for that memorial and not yet taken stands. Only without a session hint: a visitor's
 * read carries no token, and a member's must wait for theirs (nor does a member's read take a
 * visitor's answer: shared/plain-read.ts). Anything else (another address, an unreadable id)
 * starts nothing.
 */
export function startVisitorRead(
  path: string,
  options: {
    /** Whether the browser holds a session (its hint cookie). */
    session: boolean;
    transport?: SessionTransport;
    /** What the page's `VISITOR_READ_ELEMENT_ID` element holds (its text), if anything. */
    embedded?: string | null;
  },
): void {
  const match = MEMORIAL_PATH.exec(path);
  if (!match || options.session) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  if (visitorRead?.id === id) return;
  const settled = embeddedAnswer(options.embedded ?? pageEmbedded(), id);
  const answer = settled
    ? 'data' in settled
      ? Promise.resolve(settled.data)
      : Promise.reject(settled.error)
    : (options.transport ?? createFetchTransport({ tokens: { get: () => null } })).send(
        MemorialSource,
        { variables: { id } },
      );
  // A failure is the page's to see, through its first read.
  answer.catch(() => undefined);
  visitorRead = settled ? { id, answer, settled } : { id, answer };
}

/** The read `startVisitorRead` started for this id, once; null when there is none. */
export function takeVisitorRead(id: string): EarlyRead<MemorialQuery> | null {
  if (visitorRead?.id !== id) return null;
  const { answer, settled } = visitorRead;
  visitorRead = null;
  return settled ? { answer, settled } : { answer };
}

function pageEmbedded(): string | null {
  return typeof document === 'undefined'
    ? null
    : (document.getElementById(VISITOR_READ_ELEMENT_ID)?.textContent ?? null);
}

/**
 * The gateway's answer for this memorial, read as `send` reads one: its data, or its GraphQL
 * error (the service's answer); null if the page has none for it, or none that reads as either.
 */
function embeddedAnswer(
  text: string | null,
  id: string,
): EarlyRead<MemorialQuery>['settled'] | null {
  if (!text) return null;
  try {
    const embedded = JSON.parse(text) as Partial<EmbeddedVisitorRead> | null;
    if (embedded?.variables?.['id'] !== id) return null;
    return { data: answerOf<MemorialQuery>(embedded.answer, 200) };
  } catch (error) {
    return error instanceof GraphQLAnswerError ? { error } : null;
  }
}
