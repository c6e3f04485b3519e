import type { SessionHandle, SessionTransport } from '@jibs/web-data';
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
  ) {
    super(transport, session, MemorialSource, { id }, (answer) => answer.memorial ?? null);
  }
}

/**
 * The memorial with its photos in the order of `photoIds` (those it does not name keep their
 * place after them), each photo's `displayOrder` its new place.
 */
export function withPhotoOrder(
  memorial: MemorialDetailFragment,
  photoIds: readonly string[],
): MemorialDetailFragment {
  const place = new Map(photoIds.map((id, index) => [id, index]));
  const rank = (id: string) => place.get(id) ?? photoIds.length;
  const photos = [...memorial.photos]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((photo, displayOrder) => ({ ...photo, displayOrder }));
  return { ...memorial, photos };
}
