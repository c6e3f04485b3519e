/** The first restart waits this long; each failed one doubles it, up to RESTART_MAX_DELAY_MS. */
export const RESTART_FIRST_DELAY_MS = 1_000;
export const RESTART_MAX_DELAY_MS = 30_000;
/** A process that stayed up this long before dying starts again from the first delay. */
export const RESTART_STABLE_MS = 60_000;

/** 1 s, 2 s, 4 s … capped at 30 s, for the restart attempt `attempt` (0-based). */
export function restartDelayMs(attempt: number): number {
  return Math.min(RESTART_FIRST_DELAY_MS * 2 ** Math.min(attempt, 16), RESTART_MAX_DELAY_MS);
}

export interface Supervised {
  /** What the output calls it: `postgres`, `cases`, `gateway`. */
  name: string;
  /** Resolves when the running process exits, with how it ended (`code 1`, `SIGKILL`). */
  exited(): Promise<string>;
  /** Starts it again and waits until it serves; throws (leaving nothing running) if it cannot. */
  restart(): Promise<void>;
}

export interface SupervisorOptions {
  /** One line of the launcher's own output. */
  say: (line: string) => void;
  /** Tests shorten the delays; the launcher uses restartDelayMs. */
  delayMs?: (attempt: number) => number;
  stableMs?: number;
}

/**
 * Brings back a process that dies while the stack runs, with backoff, saying so. A clean
 * shutdown (stop(), on Ctrl-C) is not a death: nothing is restarted once it began, and a
 * pending restart is abandoned.
 */
export class Supervisor {
  private stopping = false;
  private readonly wakers = new Set<() => void>();
  private readonly restarting = new Set<Promise<void>>();

  constructor(private readonly options: SupervisorOptions) {}

  get stopped(): boolean {
    return this.stopping;
  }

  watch(target: Supervised): void {
    void this.loop(target);
  }

  /**
   * No more restarts; resolves once none is under way, so the caller then stops every process
   * (a restart finishing late is stopped with the rest, not left running).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.wakers]) wake();
    await Promise.allSettled([...this.restarting]);
  }

  private async loop(target: Supervised): Promise<void> {
    const delayOf = this.options.delayMs ?? restartDelayMs;
    const stableMs = this.options.stableMs ?? RESTART_STABLE_MS;
    let attempt = 0;
    let upSince = Date.now();
    let ended = await target.exited();
    let failedRestart = false;
    for (;;) {
      if (this.stopping) return;
      if (Date.now() - upSince >= stableMs) attempt = 0;
      const delay = delayOf(attempt);
      attempt++;
      const what = failedRestart ? 'did not come back' : 'stopped unexpectedly';
      this.options.say(
        `${target.name} ${what} (${ended}); restarting it in ${formatSeconds(delay)} (attempt ${attempt})`,
      );
      await this.sleep(delay);
      if (this.stopping) return;
      const restarting = target.restart();
      this.restarting.add(restarting);
      try {
        await restarting;
      } catch (error) {
        ended = error instanceof Error ? error.message : String(error);
        failedRestart = true;
        upSince = Date.now();
        continue;
      } finally {
        this.restarting.delete(restarting);
      }
      if (this.stopping) return;
      this.options.say(`${target.name} is back`);
      failedRestart = false;
      upSince = Date.now();
      ended = await target.exited();
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
