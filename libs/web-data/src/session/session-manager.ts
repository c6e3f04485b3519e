import { ErrorCode } from '@jibs/domain';
import {
  RefreshSessionSource,
  SaveLanguageChoiceSource,
  SessionMembershipSource,
  SignOutSource,
  type MembershipStatus,
  type OperationSource,
  type SessionFragment,
  type SessionUserFragment,
} from '../gql/graphql';
import { GraphQLAnswerError, type SessionTransport } from '../api/session-transport';
import type { TokenStore } from '../api/token-store';
import { REFRESH_LEAD_MS, refreshDelayMs } from './refresh-schedule';
import { SIGNED_OUT } from './session-hint';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * Whether billing's part of the user (fee paid, membership status) is known: it is read right
 * after the session starts; 'unavailable' when billing could not be reached.
 */
export type MembershipLoad = 'loading' | 'loaded' | 'unavailable';

export type SessionUser = SessionUserFragment & {
  /** null until billing has answered. */
  registrationFeePaid: boolean | null;
  membershipStatus: MembershipStatus | null;
};

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  membership: MembershipLoad;
  /** Set when the person pressed Sign Out (not when the session lapsed): screens go home, not to sign-in. */
  signedOutByUser?: boolean;
}

export interface Membership {
  registrationFeePaid: boolean;
  membershipStatus: MembershipStatus;
}

/** What the screens use of the session (`useSessionManager`). */
export type SessionHandle = Pick<
  SessionManager,
  | 'getState'
  | 'authorization'
  | 'subscribe'
  | 'restore'
  | 'establish'
  | 'reloadMembership'
  | 'applyMembership'
  | 'refresh'
  | 'signOut'
  | 'renewIfDue'
  | 'saveLanguageChoice'
>;

/** How long the first restore may take before the visitor sees the signed-out screens. */
const RESTORE_TIMEOUT_MS = 10_000;
/** Wait before trying again when a renewal failed for a reason other than the session ending. */
const RETRY_AFTER_NETWORK_ERROR_MS = 15_000;
/** Reads of the membership before the member is told billing cannot be reached. */
const MEMBERSHIP_ATTEMPTS = 3;
const MEMBERSHIP_RETRY_MS = 1_000;

/** The member's fields that a membership read or a language save answered (`onMemberData`). */
export type MemberData = { id: string } & Partial<
  Membership & Pick<SessionUser, 'language' | 'showHijri'>
>;

export interface SessionManagerOptions {
  /** Called when a signed-in session ends without the user signing out. */
  onExpired?: () => void;
  /**
   * A session ended (signed out, or lapsed): the app clears its cached server data (Apollo's
   * store), so nothing of the previous member's stays behind.
   */
  onEnded?: () => Promise<unknown> | void;
  /**
   * What a membership read or a language save answered of the member, for the app's cache (the
   * screens' own reads of the member) to agree with it.
   */
  onMemberData?: (member: MemberData) => void;
  /** Wait between reads of the membership when billing does not answer. */
  membershipRetryMs?: number;
  /**
   * Whether this browser may hold a session to restore (identity's readable hint cookie beside
   * the httpOnly refresh cookie: `browserSessionHint`); without one, `restore` settles signed
   * out at once instead of asking the server. By default: ask.
   */
  sessionHint?: () => boolean;
}

/**
 * Owns the signed-in session: the in-memory access token, the signed-in user, and renewing
 * the token (through the httpOnly refresh cookie) shortly before it expires.
 *
 * Renewals never overlap, within a tab or across tabs (Web Locks): the server rotates the
 * refresh token on every use and treats a reused one as theft, so two concurrent renewals
 * would end the session.
 */
export class SessionManager {
  private state: SessionState = { status: 'loading', user: null, membership: 'loading' };
  /** Counts membership reads, so only the newest one's answer is kept. */
  private membershipRead = 0;
  private readonly listeners = new Set<() => void>();
  private expiresAt: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<boolean> | null = null;
  private restoring: Promise<void> | null = null;

  private readonly onExpired: () => void;
  private readonly onEnded: () => Promise<unknown> | void;
  private readonly onMemberData: (member: MemberData) => void;
  private readonly membershipRetryMs: number;
  private readonly sessionHint: () => boolean;

  constructor(
    /** The gateway, through a plain fetch (createFetchTransport): no wait for Apollo's chunk. */
    private readonly transport: SessionTransport,
    private readonly tokens: TokenStore,
    options: SessionManagerOptions = {},
  ) {
    this.onExpired = options.onExpired ?? (() => undefined);
    this.onEnded = options.onEnded ?? (() => undefined);
    this.onMemberData = options.onMemberData ?? (() => undefined);
    this.membershipRetryMs = options.membershipRetryMs ?? MEMBERSHIP_RETRY_MS;
    this.sessionHint = options.sessionHint ?? (() => true);
  }

  getState = (): SessionState => this.state;

  /**
   * `Bearer <access token>` for the few plain HTTP requests (admin exports, diagnostics) that are not
   * GraphQL; null when signed out. The token itself stays in memory.
   */
  authorization = (): string | null => {
    const token = this.tokens.get();
    return token ? `Bearer ${token}` : null;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * On page load: the refresh cookie, if any, gives back a session. Safe to call twice. Without
   * the session hint there is no cookie to try: signed out at once, before this returns.
   */
  restore(): Promise<void> {
    if (!this.restoring && this.state.status === 'loading' && !this.sessionHint()) {
      this.setState(SIGNED_OUT);
      this.restoring = Promise.resolve();
    }
    this.restoring ??= this.refresh({ timeoutMs: RESTORE_TIMEOUT_MS }).then(() => undefined);
    return this.restoring;
  }

  /**
   * Starts a session from a sign-in, sign-up or renewal answer, then reads the member's billing
   * state with the new token (kept from before while a renewal re-reads it).
   */
  establish(payload: SessionFragment): void {
    this.tokens.set(payload.accessToken);
    this.expiresAt = payload.expiresAt;
    const previous = this.state.user?.id === payload.user.id ? this.state : null;
    this.setState({
      status: 'signed-in',
      user: {
        ...payload.user,
        registrationFeePaid: previous?.user?.registrationFeePaid ?? null,
        membershipStatus: previous?.user?.membershipStatus ?? null,
      },
      membership: previous?.membership === 'loaded' ? 'loaded' : 'loading',
    });
    this.schedule(refreshDelayMs(payload.expiresAt));
    void this.reloadMembership();
  }

  /** Reads the fee and membership status from billing again (after a payment, or on retry). */
  async reloadMembership(): Promise<void> {
    const read = ++this.membershipRead;
    const userId = this.state.user?.id;
    if (!userId) return;
    if (this.state.membership === 'unavailable')
      this.setState({ ...this.state, membership: 'loading' });
    for (let attempt = 0; attempt < MEMBERSHIP_ATTEMPTS; attempt += 1) {
      try {
        const { me } = await this.sendAsMember(SessionMembershipSource);
        if (read === this.membershipRead) {
          this.applyMembership(me);
          this.onMemberData(me);
        }
        return;
      } catch (error) {
        if (GraphQLAnswerError.has(error, ErrorCode.Unauthenticated)) return;
        if (attempt + 1 < MEMBERSHIP_ATTEMPTS) await delay(this.membershipRetryMs * (attempt + 1));
      }
    }
    if (read === this.membershipRead && this.state.user?.id === userId) {
      this.setState({ ...this.state, membership: 'unavailable' });
    }
  }

  /** Records what billing said of the signed-in member (from any fresh read of `me`). */
  applyMembership(membership: Membership & { id?: string }): void {
    const user = this.state.user;
    if (!user || (membership.id !== undefined && membership.id !== user.id)) return;
    if (
      this.state.membership === 'loaded' &&
      user.registrationFeePaid === membership.registrationFeePaid &&
      user.membershipStatus === membership.membershipStatus
    ) {
      return;
    }
    this.setState({
      ...this.state,
      user: {
        ...user,
        registrationFeePaid: membership.registrationFeePaid,
        membershipStatus: membership.membershipStatus,
      },
      membership: 'loaded',
    });
  }

  /**
   * Renews the access token. Resolves true when signed in afterwards. Concurrent calls share
   * one request.
   */
  refresh(options: { timeoutMs?: number } = {}): Promise<boolean> {
    this.inFlight ??= withRefreshLock(() => this.requestRefresh(options.timeoutMs)).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  async signOut(): Promise<void> {
    try {
      await this.transport.send(SignOutSource);
    } catch {
      // The local session ends regardless; an unreachable server only keeps a cookie it will
      // expire on its own.
    }
    await this.end({ byUser: true });
  }

  /**
   * Stores the header's language or the Hijri choice on the signed-in member's profile. Never
   * throws: the page has switched already, and a failed save only leaves the profile as it was
   * (false). Signed out there is nothing to store (false).
   */
  async saveLanguageChoice(input: { language?: string; showHijri?: boolean }): Promise<boolean> {
    if (this.state.status !== 'signed-in') return false;
    try {
      const { updateProfile } = await this.sendAsMember(SaveLanguageChoiceSource, { input });
      this.onMemberData(updateProfile);
      const user = this.state.user;
      if (user) this.setState({ ...this.state, user: { ...user, ...input } });
      return true;
    } catch {
      return false;
    }
  }

  /** Renews now if the token is due, e.g. when a tab whose timers were paused comes back. */
  renewIfDue(): void {
    if (this.state.status !== 'signed-in' || !this.expiresAt) return;
    if (new Date(this.expiresAt).getTime() - Date.now() <= REFRESH_LEAD_MS) void this.refresh();
  }

  private async requestRefresh(timeoutMs?: number): Promise<boolean> {
    const wasSignedIn = this.state.status === 'signed-in';
    try {
      const { refreshSession } = await this.transport.send(RefreshSessionSource, {
        signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
      });
      this.establish(refreshSession);
      return true;
    } catch (error) {
      const sessionOver = GraphQLAnswerError.has(error, ErrorCode.Unauthenticated);
      const tokenStillValid =
        wasSignedIn && !!this.expiresAt && new Date(this.expiresAt).getTime() > Date.now();
      if (!sessionOver && tokenStillValid) {
        // A network hiccup: keep the current token and try again shortly.
        this.schedule(RETRY_AFTER_NETWORK_ERROR_MS);
        return true;
      }
      await this.end();
      if (wasSignedIn) this.onExpired();
      return false;
    }
  }

  private async end(options: { byUser?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    this.expiresAt = null;
    this.tokens.set(null);
    this.membershipRead += 1;
    this.setState({ ...SIGNED_OUT, ...(options.byUser ? { signedOutByUser: true } : {}) });
    // Nothing of the previous member's data may stay behind in the cache.
    try {
      await this.onEnded();
    } catch {
      // A cache that could not be cleared does not keep the session open.
    }
  }

  /**
   * An operation as the signed-in member: a token that lapsed meanwhile (a tab that slept
   * through its renewal) is renewed once and the operation sent again, as the Apollo client does.
   */
  private async sendAsMember<TResult, TVariables>(
    operation: OperationSource<TResult, TVariables>,
    variables?: TVariables,
  ): Promise<TResult> {
    try {
      return await this.transport.send(operation, { variables });
    } catch (error) {
      if (!GraphQLAnswerError.has(error, ErrorCode.Unauthenticated) || !this.tokens.get())
        throw error;
      if (!(await this.refresh())) throw error;
      return this.transport.send(operation, { variables });
    }
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), delayMs);
  }

  private setState(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('jibs-session-refresh', task) as Promise<T>) : task();
}
