/**
 * A level-triggered wake-up for one waiting loop: a notify() that comes while the loop is busy
 * is remembered, so the loop's next wait() returns at once instead of sleeping through it.
 */
export class WakeSignal {
  private pending = false;
  private waiter?: () => void;

  notify(): void {
    this.pending = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  /** Forgets earlier notifications; call it before looking for work. */
  reset(): void {
    this.pending = false;
  }

  /**
   * Resolves on the next notify() (or a pending one), or after timeoutMs; with whether it was
   * notified.
   */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (notified: boolean) => {
        clearTimeout(timer);
        if (this.waiter === wake) this.waiter = undefined;
        this.pending = false;
        resolve(notified);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiter = wake;
    });
  }
}
