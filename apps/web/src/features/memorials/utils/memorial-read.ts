import { ErrorCode } from '@jibs/domain';
import { GraphQLAnswerError, type SessionHandle, type SessionTransport } from '@jibs/web-data';
import { MemorialSource, type MemorialDetailFragment } from '../../../gql/graphql';

export interface MemorialReadState {
  /** null before the first answer, and when the service has no memorial to show. */
  memorial: MemorialDetailFragment | null;
  /** A read is under way. */
  loading: boolean;
  /** The newest read's failure; null once a read succeeded. */
  error: unknown;
}

/**
 * The memorial page's own read, over a plain fetch (`createFetchTransport`, as the session's)
 * rather than the Apollo client, so that a visitor sees the memorial without waiting for
 * Apollo's chunk. A store the page subscribes to: reading again keeps what shows meanwhile,
 * and only the newest read's answer is kept (a change saved twice, quickly, does not end on
 * the older answer).
 */
export class MemorialRead {
  private state: MemorialReadState = { memorial: null, loading: true, error: null };
  private reads = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly transport: SessionTransport,
    /** A member's token that lapsed (a tab that slept through its renewal) is renewed once. */
    private readonly session: Pick<SessionHandle, 'authorization' | 'refresh'>,
    readonly id: string,
  ) {}

  getState = (): MemorialReadState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the memorial (again): after an owner's change, or for fresh photo links. */
  reload = async (): Promise<void> => {
    const read = ++this.reads;
    if (!this.state.loading) this.setState({ ...this.state, loading: true });
    try {
      const { memorial } = await this.send();
      if (read === this.reads) this.setState({ memorial, loading: false, error: null });
    } catch (error) {
      if (read === this.reads) this.setState({ ...this.state, loading: false, error });
    }
  };

  /** A change the page knows before the service confirms it (the photos' new order). */
  update = (change: (memorial: MemorialDetailFragment) => MemorialDetailFragment): void => {
    if (this.state.memorial)
      this.setState({ ...this.state, memorial: change(this.state.memorial) });
  };

  private async send() {
    const variables = { id: this.id };
    try {
      return await this.transport.send(MemorialSource, { variables });
    } catch (error) {
      const lapsed =
        GraphQLAnswerError.has(error, ErrorCode.Unauthenticated) && this.session.authorization();
      if (!lapsed || !(await this.session.refresh())) throw error;
      return this.transport.send(MemorialSource, { variables });
    }
  }

  private setState(next: MemorialReadState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
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
