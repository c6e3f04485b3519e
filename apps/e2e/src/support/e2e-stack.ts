import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  eventBusFromEnv,
  freeStackPorts,
  LocalStack,
  s3ServerFromEnv,
  ServiceProcess,
  type EventBus,
  type ServiceSpec,
  type StackOptions,
} from '@jibs/stack';

/**
 * `shared: true`: the run's shared stack (apps/e2e/shared-stack.js), for a file that cannot
 * disturb nor be disturbed by the others (README, "Test tiers"): it makes its own members and
 * data, changes no site-wide setting, signs in no admin, stops no service and counts no totals.
 * Its `stop()` does nothing; the run stops the stack. Without one (E2E_SHARED_STACK=0, or a
 * run without the e2e config's globalSetup) the file starts its own.
 *
 * Otherwise a whole stack for one test file, on ports the OS says are free and a throwaway data
 * directory, from the built dist/ (run `npm run build` first; `npm test` does). A failed start
 * stops what did start and removes the data directory.
 */
export async function startE2eStack(
  options: {
    eventBus?: EventBus;
    /** OTEL_* settings for every service (tracing on: see traces.e2e-spec.ts). */
    tracing?: Record<string, string>;
    shared?: boolean;
  } = {},
): Promise<{
  stack: LocalStack;
  logs: string[];
  stop(): Promise<void>;
}> {
  const sharedFile = process.env.E2E_SHARED_STACK_FILE;
  if (options.shared && sharedFile) {
    if (options.eventBus || options.tracing) {
      throw new Error('a file with its own event bus or tracing cannot use the shared stack');
    }
    return { stack: attachSharedStack(sharedFile), logs: [], stop: async () => {} };
  }
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

/** What apps/e2e/shared-stack.js writes for the tests. */
interface SharedStackFile {
  options: Omit<StackOptions, 'log'>;
  postgresUrl: string;
  adminEmail?: string;
  generatedAdminPassword?: string;
  s3Credentials?: { accessKeyId: string; secretAccessKey: string };
  services: Pick<ServiceSpec, 'name' | 'port' | 'env'>[];
}

const NOT_HERE = 'the shared e2e stack is started and stopped by the run: a file that';

/**
 * A view of the run's shared stack in this test file: the same surface as a LocalStack it
 * started (gatewayUrl, mailboxUrl, databaseUrl, adminEmail, options, s3Credentials, services and
 * their urls for publishTestEvents), but the stack, its services and its bus cannot be stopped,
 * started or killed from here.
 */
function attachSharedStack(file: string): LocalStack {
  const shared = JSON.parse(readFileSync(file, 'utf8')) as SharedStackFile;
  const refuse = (what: string) => async () => {
    throw new Error(`${NOT_HERE} ${what} must start its own (startE2eStack() without shared)`);
  };
  const services = new Map<string, ServiceProcess>();
  for (const spec of shared.services) {
    const service = new ServiceProcess({ ...spec, entry: '' }, () => {});
    Object.assign(service, {
      start: refuse('starts a service'),
      stop: refuse('stops a service'),
      kill: refuse('kills a service'),
    });
    services.set(spec.name, service);
  }
  // LocalStack's constructor loads every service's definition: the view is made without it.
  const stack = Object.create(LocalStack.prototype) as LocalStack;
  return Object.assign(stack, {
    options: { ...shared.options, log: () => {} },
    services,
    firstRun: false,
    adminEmail: shared.adminEmail,
    generatedAdminPassword: shared.generatedAdminPassword,
    s3Credentials: shared.s3Credentials,
    databaseUrl(name: string): string {
      const url = new URL(shared.postgresUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    start: refuse('starts the stack'),
    stop: refuse('stops the stack'),
  });
}
