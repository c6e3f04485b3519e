import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  LocalStack,
  ServiceProcess,
  startTestStack,
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
 * Otherwise a whole stack for one test file (@jibs/stack `startTestStack`), from the built dist/
 * (run `npm run build` first; `npm test` does).
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
  const { stack, logs, stop } = await startTestStack({
    root: resolve(__dirname, '../../../..'),
    dataDirPrefix: 'jibs-e2e-',
    eventBus: options.eventBus,
    tracing: options.tracing,
    logLevel: process.env.E2E_LOG_LEVEL,
  });
  return { stack, logs, stop };
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
