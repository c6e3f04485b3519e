import { freeLocalPort, isLocalPortFree } from '@jibs/config';
import { serviceDescriptors } from './service-registry';

/**
 * The stack's listening ports: the gateway, the embedded parts, and two per subgraph (read from
 * the service definitions): `<name>Port` and `<name>MetricsPort`.
 */
export interface StackPorts {
  gatewayPort: number;
  postgresPort: number;
  s3Port: number;
  mailboxPort: number;
  /** /metrics of each service on its own port, bound to 127.0.0.1 only. */
  gatewayMetricsPort: number;
  [port: `${string}Port`]: number;
}

/** A subgraph's port and its /metrics port in StackPorts. */
export const servicePortKey = (name: string): `${string}Port` => `${name}Port`;
export const metricsPortKey = (name: string): `${string}Port` => `${name}MetricsPort`;

/** The defaults: each subgraph's own port (its env schema's PORT), /metrics 1000 above it. */
export function defaultStackPorts(): StackPorts {
  const ports: StackPorts = {
    gatewayPort: 8080,
    postgresPort: 54320,
    s3Port: 4569,
    mailboxPort: 8025,
    gatewayMetricsPort: 9080,
  };
  for (const { name, port } of serviceDescriptors()) {
    ports[servicePortKey(name)] = port;
    ports[metricsPortKey(name)] = port + 1000;
  }
  return ports;
}

/** The environment variable that moves each port of `npm start`. */
export function stackPortVariables(): Record<string, string> {
  const variables: Record<string, string> = {
    gatewayPort: 'PORT',
    postgresPort: 'POSTGRES_PORT',
    s3Port: 'S3_PORT',
    mailboxPort: 'MAILBOX_PORT',
    gatewayMetricsPort: 'METRICS_PORT',
  };
  for (const { name } of serviceDescriptors()) {
    variables[servicePortKey(name)] = `${name.toUpperCase()}_PORT`;
    variables[metricsPortKey(name)] = `${name.toUpperCase()}_METRICS_PORT`;
  }
  return variables;
}

/** Ports for `npm start`: the defaults, each moved by its variable; a bad value is named. */
export function stackPortsFromEnv(env: NodeJS.ProcessEnv = process.env): StackPorts {
  const ports = defaultStackPorts();
  const variables = stackPortVariables();
  for (const key of Object.keys(variables) as `${string}Port`[]) {
    const name = variables[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 65_535)
      throw new Error(`${name} must be a port number between 1 and 65535`);
    ports[key] = value;
  }
  return ports;
}

/** Distinct free ports for a whole stack. */
export async function freeStackPorts(): Promise<StackPorts> {
  const keys = Object.keys(defaultStackPorts()) as `${string}Port`[];
  const chosen = new Set<number>();
  const ports = {} as StackPorts;
  for (const key of keys) {
    const port = await freeLocalPort(chosen);
    chosen.add(port);
    ports[key] = port;
  }
  return ports;
}

/**
 * Fails with one clear line per port that something else already listens on, naming the
 * variable that moves it, before anything is started.
 */
export async function assertPortsFree(ports: StackPorts): Promise<void> {
  const taken: string[] = [];
  const variables = stackPortVariables();
  for (const key of Object.keys(variables) as `${string}Port`[]) {
    const host = key === 'gatewayPort' ? '0.0.0.0' : '127.0.0.1';
    if (!(await isLocalPortFree(ports[key], host)))
      taken.push(
        `port ${ports[key]} (${key.replace(/Port$/, '')}) is already in use; set ${variables[key]} to move it`,
      );
  }
  if (taken.length) throw new Error(taken.join('\n'));
}
