import { createServer } from 'node:net';

/** The stack's listening ports: the gateway, each subgraph, and the embedded parts. */
export interface StackPorts {
  gatewayPort: number;
  identityPort: number;
  notificationsPort: number;
  billingPort: number;
  casesPort: number;
  documentsPort: number;
  postgresPort: number;
  s3Port: number;
  mailboxPort: number;
  /** /metrics of each service on its own port, bound to 127.0.0.1 only. */
  gatewayMetricsPort: number;
  identityMetricsPort: number;
  notificationsMetricsPort: number;
  billingMetricsPort: number;
  casesMetricsPort: number;
  documentsMetricsPort: number;
}

export const DEFAULT_STACK_PORTS: StackPorts = {
  gatewayPort: 8080,
  identityPort: 4001,
  notificationsPort: 4002,
  billingPort: 4003,
  casesPort: 4004,
  documentsPort: 4005,
  postgresPort: 54320,
  s3Port: 4569,
  mailboxPort: 8025,
  gatewayMetricsPort: 9080,
  identityMetricsPort: 5001,
  notificationsMetricsPort: 5002,
  billingMetricsPort: 5003,
  casesMetricsPort: 5004,
  documentsMetricsPort: 5005,
};

/** The environment variable that moves each port of `npm start`. */
export const STACK_PORT_VARIABLES: Record<keyof StackPorts, string> = {
  gatewayPort: 'PORT',
  identityPort: 'IDENTITY_PORT',
  notificationsPort: 'NOTIFICATIONS_PORT',
  billingPort: 'BILLING_PORT',
  casesPort: 'CASES_PORT',
  documentsPort: 'DOCUMENTS_PORT',
  postgresPort: 'POSTGRES_PORT',
  s3Port: 'S3_PORT',
  mailboxPort: 'MAILBOX_PORT',
  gatewayMetricsPort: 'METRICS_PORT',
  identityMetricsPort: 'IDENTITY_METRICS_PORT',
  notificationsMetricsPort: 'NOTIFICATIONS_METRICS_PORT',
  billingMetricsPort: 'BILLING_METRICS_PORT',
  casesMetricsPort: 'CASES_METRICS_PORT',
  documentsMetricsPort: 'DOCUMENTS_METRICS_PORT',
};

/** Ports for `npm start`: the defaults, each moved by its variable; a bad value is named. */
export function stackPortsFromEnv(env: NodeJS.ProcessEnv = process.env): StackPorts {
  const ports = { ...DEFAULT_STACK_PORTS };
  for (const key of Object.keys(STACK_PORT_VARIABLES) as (keyof StackPorts)[]) {
    const name = STACK_PORT_VARIABLES[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 65_535)
      throw new Error(`${name} must be a port number between 1 and 65535`);
    ports[key] = value;
  }
  return ports;
}

/** A port the OS says is free now (for test and benchmark stacks). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Distinct free ports for a whole stack. */
export async function freeStackPorts(): Promise<StackPorts> {
  const keys = Object.keys(DEFAULT_STACK_PORTS) as (keyof StackPorts)[];
  const chosen = new Set<number>();
  const ports = {} as StackPorts;
  for (const key of keys) {
    let port = await freePort();
    while (chosen.has(port)) port = await freePort();
    chosen.add(port);
    ports[key] = port;
  }
  return ports;
}

function portTaken(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

/**
 * Fails with one clear line per port that something else already listens on, naming the
 * variable that moves it, before anything is started.
 */
export async function assertPortsFree(ports: StackPorts): Promise<void> {
  const taken: string[] = [];
  for (const key of Object.keys(STACK_PORT_VARIABLES) as (keyof StackPorts)[]) {
    const host = key === 'gatewayPort' ? '0.0.0.0' : '127.0.0.1';
    if (await portTaken(ports[key], host))
      taken.push(
        `port ${ports[key]} (${key.replace(/Port$/, '')}) is already in use; set ${STACK_PORT_VARIABLES[key]} to move it`,
      );
  }
  if (taken.length) throw new Error(taken.join('\n'));
}
