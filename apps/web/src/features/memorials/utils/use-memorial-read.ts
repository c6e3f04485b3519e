import type { MemorialDetailFragment } from '../../../gql/graphql';
import { usePlainRead, type PlainReadHandle } from '../../../shared/plain-read';
import { MemorialRead } from './memorial-read';
import { takeVisitorRead } from './visitor-read';

export type MemorialReadHandle = PlainReadHandle<MemorialDetailFragment | null>;

/**
 * The memorial `id` as the viewer may see it, read once the session is settled and again when
 * the viewer changes (a signed-in member's token may show more than a visitor sees).
 */
export function useMemorialRead(id: string): MemorialReadHandle {
  return usePlainRead(
    id,
    (transport, session) => new MemorialRead(transport, session, id, takeVisitorRead(id)),
  );
}
