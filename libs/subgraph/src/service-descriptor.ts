import type { z } from 'zod';
import { envDefault, envSchemaShape, secretKeys } from '@jibs/config';
import type { EventType } from '@jibs/events';
import type { ExportTable } from './export/export-table';
import { TEST_ROUTES } from './test-routes';

/** What the local stack (`npm start`) offers a service when it asks for its own variables. */
export interface LocalStackContext {
  /** Where browsers open the app (the gateway). */
  publicOrigin: string;
  /** The stack's generated secrets, kept under its data directory (camelCase names). */
  secrets: Readonly<Record<string, string>>;
}

/**
 * What the tools read about a service without starting it: the launcher, the generators and
 * the compose/Kubernetes checks. `defineService` makes one from its definition
 * (`describeService`).
 */
export interface ServiceDescriptor {
  name: string;
  /** Its zod env schema: defaults, optional variables and `secret()` markers (deploy files). */
  envSchema: z.ZodType;
  /** Its HTTP port (the env schema's PORT default). */
  port: number;
  /** Every variable its env schema reads, in the schema's order. */
  env: readonly string[];
  /**
   * The variables among them that are credentials (never written in a committed file): the ones
   * its env schema marks with `secret()` (libs/config).
   */
  secrets: readonly string[];
  /**
   * Variables of its schema a deployment may leave unset: tests' stand-ins, tuning with
   * production defaults, or settings whose absence is a valid choice.
   */
  deployOptional: readonly string[];
  /** Its S3 buckets: variable naming the bucket -> the local stack's bucket name. */
  buckets: Readonly<Record<string, string>>;
  /** GraphQL subscriptions: the gateway also gets its `<NAME>_WS_URL`. */
  subscriptions: boolean;
  /** Plain HTTP routes the gateway forwards (webhooks, pages): its `<NAME>_HTTP_URL`. */
  gatewayHttp: boolean;
  /** The tables admins export from it (the gateway sends `/api/export/admin/<table>` here). */
  exportTables: readonly string[];
  /** Its own variables in the local stack, beyond the ones every service gets. */
  localEnv(stack: LocalStackContext): Record<string, string>;
}

/** What a service tells the tools about itself, beside its code. */
export interface ServiceDescription {
  name: string;
  /** Its zod env schema: the variables, and PORT's default as its port. */
  envSchema: z.ZodType;
  /**
   * @deprecated Secrets are read from the env schema's `secret()` markers. A list is still
   * accepted but adds nothing: each variable it names must be marked in the schema, so it
   * cannot drift from it.
   */
  secrets?: readonly string[];
  deployOptional?: readonly string[];
  buckets?: Readonly<Record<string, string>>;
  subscriptions?: boolean;
  gatewayHttp?: boolean;
  localEnv?(stack: LocalStackContext): Record<string, string>;
  /**
   * Events a test or a benchmark may ask this service to publish (`POST /testing/events`), so
   * nothing outside it writes its outbox. The route exists only with TEST_ROUTES=true: its env
   * schema reads it (`withTestRoutes`: default false, refused in production).
   */
  testEvents?: readonly EventType[];
  /** Its tables admins may export (spec 3), served at `/export/admin/<name>`. */
  exports?: readonly ExportTable[];
}

/** Read by the tools; kept here for the ones that import it from this library. */
export { envSchemaShape };

export function describeService(description: ServiceDescription): ServiceDescriptor {
  const { name, envSchema } = description;
  const port = envDefault(envSchema, 'PORT');
  if (typeof port !== 'number') throw new Error(`${name}: its env schema has no PORT default`);
  const env = Object.keys(envSchemaShape(envSchema));
  if (description.testEvents?.length && !env.includes(TEST_ROUTES))
    throw new Error(`${name}: a service with testEvents reads TEST_ROUTES (withTestRoutes)`);
  const secrets = secretKeys(envSchema);
  const unmarked = (description.secrets ?? []).filter((key) => !secrets.includes(key));
  if (unmarked.length)
    throw new Error(
      `${name}: ${unmarked.join(', ')} must be marked with secret() in its env schema; its secrets are the marked variables (${secrets.join(', ')})`,
    );
  return {
    name,
    envSchema,
    port,
    env,
    secrets,
    deployOptional: [
      ...(description.deployOptional ?? []),
      ...(env.includes(TEST_ROUTES) ? [TEST_ROUTES] : []),
    ],
    buckets: description.buckets ?? {},
    subscriptions: description.subscriptions ?? false,
    gatewayHttp: description.gatewayHttp ?? false,
    exportTables: (description.exports ?? []).map((table) => table.name),
    localEnv: (stack) => ({ ...description.buckets, ...description.localEnv?.(stack) }),
  };
}
