import { ErrorCode } from '@jibs/domain';
import {
  createFetchTransport,
  GraphQLAnswerError,
  useSession,
  useSessionManager,
  type SessionHandle,
  type SessionTransport,
} from '@jibs/web-data';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { OperationSource } from '../gql/graphql';

export interface PlainReadState<T> {
  /** null before the first answer (and when the answer itself is null). */
  data: T | null;
  /** A read is under way. */
  loading: boolean;
  /** The newest read's failure; null once a read succeeded. */
  error: unknown;
}

/**
 * A page's read made without a token before the page rendered (a visitor's memorial page): its
 * answer on the way, or already in hand (`settled`: the gateway put it in the page).
 */
export interface EarlyRead<TResult> {
  answer: Promise<TResult>;
  settled?: { data: TResult } | { error: GraphQLAnswerError };
}

/**
 * A public page's own read, over a plain fetch (`createFetchTransport`, as the session's) rather
 * than the Apollo client, so that a visitor sees it without waiting for Apollo's chunk (a
 * memorial's page, the list of memorials). A store the page subscribes to: reading again keeps
 * what shows meanwhile, and only the newest read's answer is kept (a change saved twice,
 * quickly, does not end on the older answer).
 */
/** What a page uses of a read: its state, and reading again. */
export interface PlainReadStore<T> {
  getState(): PlainReadState<T>;
  subscribe(listener: () => void): () => void;
  reload(): Promise<void>;
  update(change: (data: NonNullable<T>) => T): void;
}

export class PlainRead<TResult, TVariables, T> implements PlainReadStore<T> {
  private state: PlainReadState<T> = { data: null, loading: true, error: null };
  private reads = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly transport: SessionTransport,
    /** A member's token that lapsed (a tab that slept through its renewal) is renewed once. */
    private readonly session: Pick<SessionHandle, 'authorization' | 'refresh'>,
    private readonly operation: OperationSource<TResult, TVariables>,
    private readonly variables: TVariables,
    /** What the page shows of the answer. */
    private readonly pick: (answer: TResult) => T,
    /**
     * The same read, already made without a token before the page rendered (a visitor's
     * memorial page): the first read, if it has no token either, takes its answer rather than
     * sending again, and sends again only if it did not arrive (a GraphQL error is the service's
     * answer, and stands); an answer already in hand shows from the first render. A member's
     * first read sends its own.
     */
    private early: EarlyRead<TResult> | null = null,
  ) {
    const settled = early && !session.authorization() ? early.settled : undefined;
    if (settled) {
      this.state =
        'data' in settled
          ? { data: pick(settled.data), loading: false, error: null }
          : { data: null, loading: false, error: settled.error };
    }
  }

  getState = (): PlainReadState<T> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads (again): after a change, or for fresh photo links. */
  reload = async (): Promise<void> => {
    const read = ++this.reads;
    if (!this.state.loading) this.setState({ ...this.state, loading: true });
    try {
      const data = this.pick(await this.send());
      if (read === this.reads) this.setState({ data, loading: false, error: null });
    } catch (error) {
      if (read === this.reads) this.setState({ ...this.state, loading: false, error });
    }
  };

  /** A change the page knows before the service confirms it (the photos' new order). */
  update = (change: (data: NonNullable<T>) => T): void => {
    const shown = this.state.data;
    if (shown !== null && shown !== undefined)
      this.setState({ ...this.state, data: change(shown) });
  };

  private async send(): Promise<TResult> {
    const early = this.early;
    this.early = null;
    // Sent without a token: it answers a visitor's first read, not a member's.
    if (early && !this.session.authorization()) {
      try {
        return await early.answer;
      } catch (error) {
        if (error instanceof GraphQLAnswerError) throw error;
        // No answer came (a dropped connection): sent again below.
      }
    }
    const options = { variables: this.variables };
    try {
      return await this.transport.send(this.operation, options);
    } catch (error) {
      const lapsed =
        GraphQLAnswerError.has(error, ErrorCode.Unauthenticated) && this.session.authorization();
      if (!lapsed || !(await this.session.refresh())) throw error;
      return this.transport.send(this.operation, options);
    }
  }

  private setState(next: PlainReadState<T>): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

export type PlainReadHandle<T> = PlainReadState<T> & Pick<PlainReadStore<T>, 'reload' | 'update'>;

const BEARER = 'Bearer ';

/**
 * `create`'s read as the viewer may see it, made again when `key` changes, read once the session
 * is settled and again when the viewer changes (a signed-in member's token may show more than a
 * visitor sees).
 */
export function usePlainRead<T>(
  key: string,
  create: (
    transport: SessionTransport,
    session: Pick<SessionHandle, 'authorization' | 'refresh'>,
  ) => PlainReadStore<T>,
): PlainReadHandle<T> {
  const session = useSessionManager();
  const { status, user } = useSession();
  const viewer = status === 'loading' ? null : (user?.id ?? 'visitor');
  const read = useMemo(() => {
    // The session's token, which the screens see only as its header.
    const token = () => session.authorization()?.slice(BEARER.length) ?? null;
    return create(createFetchTransport({ tokens: { get: token } }), session);
    // `create` is the caller's closure over `key`: a new one each render, the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, key]);
  useEffect(() => {
    if (viewer !== null) void read.reload();
  }, [read, viewer]);
  const state = useSyncExternalStore(read.subscribe, read.getState, read.getState);
  return { ...state, reload: read.reload, update: read.update };
}
