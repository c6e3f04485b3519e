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

  /** Resolves on the next notify() (or a pending one), or after timeoutMs. */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.waiter === done) this.waiter = undefined;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiter = done;
    });
  }
}
