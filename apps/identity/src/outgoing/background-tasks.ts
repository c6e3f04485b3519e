import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@jibs/observability';

/**
 * Work a request starts but does not wait for. Failures are logged with their purpose (never
 * with their data), and shutdown waits for what is still running, while the database is open.
 */
@Injectable()
export class BackgroundTasks implements BeforeApplicationShutdown {
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  run(purpose: string, task: () => Promise<unknown>): void {
    const running = task().then(
      () => undefined,
      (error: unknown) => this.logger.error({ err: error, purpose }, 'a background task failed'),
    );
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
  }

  /** Resolves once every task started so far has finished. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }
}
