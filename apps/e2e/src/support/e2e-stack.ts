import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  eventBusFromEnv,
  freeStackPorts,
  LocalStack,
  s3ServerFromEnv,
  type EventBus,
} from '@jibs/stack';

/**
 * A whole stack for one test file, on ports the OS says are free and a throwaway data
 * directory, from the built dist/ (run `npm run build` first; `npm test` does). A failed start
 * stops what did start and removes the data directory.
 */
export async function startE2eStack(
  options: {
    eventBus?: EventBus;
    /** OTEL_* settings for every service (tracing on: see traces.e2e-spec.ts). */
    tracing?: Record<string, string>;
  } = {},
): Promise<{
  stack: LocalStack;
  logs: string[];
  stop(): Promise<void>;
}> {
  // The ports are free when chosen, but another process (a second test run on the machine) may
  // take one before a service binds it: then the whole start is tried again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options.eventBus ?? eventBusFromEnv(), options.tracing);
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

async function startOnce(
  eventBus: EventBus,
  tracing?: Record<string, string>,
): Promise<{
  stack: LocalStack;
  logs: string[];
  stop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-e2e-'));
  const logs: string[] = [];
  const stack = new LocalStack({
    root: resolve(__dirname, '../../../..'),
    dataDir,
    ...(await freeStackPorts()),
    logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The data directory is deleted when the file ends: Postgres need not flush to disk.
    throwaway: true,
    // Tests have a service publish an event through its test-only route (publishTestEvent).
    testRoutes: true,
    // EVENT_BUS=kafka runs the file on a real Kafka broker instead of the embedded bus; a file
    // about Kafka itself names it.
    eventBus,
    // S3_SERVER=verifying runs it on S3Proxy, which checks every signature, instead of s3rver.
    s3Server: s3ServerFromEnv(),
    tracing,
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
    throw new Error(`${(error as Error).message}\n${logs.slice(-40).join('\n')}`);
  }
  return {
    stack,
    logs,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
