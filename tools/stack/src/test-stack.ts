import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '@jibs/config';
import { eventBusFromEnv, LocalStack, s3ServerFromEnv, type EventBus } from './local-stack';
import { freeStackPorts } from './ports';

export interface TestStack {
  stack: LocalStack;
  dataDir: string;
  /** The services' last 2,000 log lines. */
  logs: string[];
  /** Stops the stack and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * A whole stack for tests (the end-to-end files' own and their run's shared one), from the built
 * dist/ under `root`: ports the OS says are free, a throwaway data directory, test routes on, the
 * run's EVENT_BUS and S3_SERVER unless told otherwise. A port taken by another process before a
 * service binds it starts the whole stack again on new ports (three tries); a failed start stops
 * what did start, removes the data directory and says the services' last log lines.
 */
export async function startTestStack(options: {
  root: string;
  /** The data directory's name starts so (in the OS's temporary folder). */
  dataDirPrefix: string;
  eventBus?: EventBus;
  /** OTEL_* settings for every service. */
  tracing?: Record<string, string>;
  serviceEnv?: Record<string, string>;
  logLevel?: string;
}): Promise<TestStack> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(scratchDir(), options.dataDirPrefix));
    const logs: string[] = [];
    const stack = new LocalStack({
      root: options.root,
      dataDir,
      ...(await freeStackPorts()),
      logLevel: options.logLevel ?? 'warn',
      // The data directory is deleted at the end: Postgres need not flush to disk.
      throwaway: true,
      // Tests have a service publish an event through its test-only route (publishTestEvent).
      testRoutes: true,
      // EVENT_BUS=kafka: a real Kafka broker instead of the embedded bus.
      eventBus: options.eventBus ?? eventBusFromEnv(),
      // S3_SERVER=verifying: S3Proxy, which checks every signature, instead of s3rver.
      s3Server: s3ServerFromEnv(),
      tracing: options.tracing,
      serviceEnv: options.serviceEnv,
      log: (service, line) => {
        logs.push(`[${service}] ${line}`);
        if (logs.length > 2000) logs.shift();
      },
    });
    try {
      await stack.start();
    } catch (error) {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
      const message = (error as Error).message;
      // The part that lost its port says so and exits before it is ready: a service (Node's
      // EADDRINUSE), Postgres ("Address already in use"), Kafka or S3Proxy (Java's BindException).
      const portTaken = [message, ...logs].some((line) =>
        /EADDRINUSE|Address already in use|BindException/i.test(line),
      );
      if (attempt < 3 && portTaken) continue;
      throw new Error(`${message}\n${logs.slice(-40).join('\n')}`);
    }
    return {
      stack,
      dataDir,
      logs,
      stop: async () => {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}
