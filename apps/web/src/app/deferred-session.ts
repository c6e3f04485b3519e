import type {
  Membership,
  SessionFragment,
  SessionHandle,
  SessionManager,
  SessionState,
} from '@jibs/web-data';

const LOADING: SessionState = { status: 'loading', user: null, membership: 'loading' };

/**
 * The session as the screens use it, while the manager itself (its transport, documents and
 * renewal: session.ts) loads as a chunk of its own, requested as the app starts but not carried
 * by the first page: until then the session is 'loading', as it is while a restore runs, and
 * every call waits for the manager.
 */
export class DeferredSession implements SessionHandle {
  private manager: SessionManager | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly loaded: Promise<SessionManager>;

  /**
   * `initial` is what the session reads as until the manager is in: 'loading', or signed out
   * when the page knows there is no session to restore (`browserSessionHint`).
   */
  constructor(
    load: Promise<SessionManager>,
    private readonly initial: SessionState = LOADING,
  ) {
    this.loaded = load.then((manager) => {
      this.manager = manager;
      manager.subscribe(this.notify);
      this.notify();
      return manager;
    });
  }

  getState = (): SessionState => this.manager?.getState() ?? this.initial;

  authorization = (): string | null => this.manager?.authorization() ?? null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  restore(): Promise<void> {
    return this.loaded.then((manager) => manager.restore());
  }

  establish(payload: SessionFragment): void {
    this.now((manager) => manager.establish(payload));
  }

  reloadMembership(): Promise<void> {
    return this.loaded.then((manager) => manager.reloadMembership());
  }

  applyMembership(membership: Membership & { id?: string }): void {
    this.now((manager) => manager.applyMembership(membership));
  }

  refresh(options?: { timeoutMs?: number }): Promise<boolean> {
    return this.loaded.then((manager) => manager.refresh(options));
  }

  signOut(): Promise<void> {
    return this.loaded.then((manager) => manager.signOut());
  }

  saveLanguageChoice(input: { language?: string; showHijri?: boolean }): Promise<boolean> {
    return this.loaded.then((manager) => manager.saveLanguageChoice(input));
  }

  renewIfDue(): void {
    this.manager?.renewIfDue();
  }

  /** At once when the manager is in (a sign-in's answer shows without a tick's delay). */
  private now(call: (manager: SessionManager) => void): void {
    if (this.manager) call(this.manager);
    else void this.loaded.then(call);
  }

  private readonly notify = () => {
    for (const listener of this.listeners) listener();
  };
}
