import type { SessionHandle, SessionTransport } from '@jibs/web-data';
import {
  MemorialSource,
  type MemorialDetailFragment,
  type MemorialQuery,
  type MemorialQueryVariables,
} from '../../../gql/graphql';
import { PlainRead, type EarlyRead } from '../../../shared/plain-read';

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
    early: EarlyRead<MemorialQuery> | null = null,
  ) {
    super(transport, session, MemorialSource, { id }, (answer) => answer.memorial ?? null, early);
  }
}
