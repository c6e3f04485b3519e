import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { envOptional } from '@jibs/config';
import type { Service, ServiceConfig, ServiceDescriptor } from '@jibs/subgraph';
import { newLocalSecrets } from './secrets';

/**
 * What the generators need to know about each subgraph service. Each service's code is loaded
 * only when asked for: Nest's GraphQL type registry is process-wide, so two services loaded in
 * one process would leak types into each other's schema.
 */
export interface ServiceEntry {
  name: string;
  /**
   * What the launcher and the deployment files read: its port, variables, secrets, buckets.
   * Loads the service's definition (its module, not yet built into an app).
   */
  describe(): ServiceDescriptor;
  load(): {
    entities: unknown[];
    migrations: unknown[];
    createApp(env: NodeJS.ProcessEnv): Promise<INestApplication>;
  };
}

export function baseEnv(databaseUrl: string, eventlogUrl: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    EVENT_BROKER: 'postgres',
    EVENTLOG_DATABASE_URL: eventlogUrl,
    JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
    GATEWAY_SECRET: 'generate-only-'.padEnd(32, '0'),
  };
}

/** The services' folders (apps/ beside dist/server/apps/ once built). */
const APPS = join(__dirname, '..', '..', '..', 'apps');

const camel = (name: string) => name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/** `apps/<name>/src/<name>.module`, as built (.js) or as source (.ts, under Jest). */
function modulePath(name: string): string | undefined {
  const base = join(APPS, name, 'src', `${name}.module`);
  return ['.js', '.ts'].map((ext) => `${base}${ext}`).find((file) => existsSync(file));
}

/**
 * The values a generator must add to start a service: the secrets its schema requires, from
 * its own `localEnv` given a fresh set of the stack's secrets (a key made only for this run).
 */
function generatorEnv(descriptor: ServiceDescriptor): NodeJS.ProcessEnv {
  const { envSchema, secrets, localEnv } = descriptor;
  const local = localEnv({
    publicOrigin: 'http://localhost:8080',
    secrets: { ...newLocalSecrets() },
  });
  return Object.fromEntries(
    secrets
      .filter((key) => !envOptional(envSchema, key) && local[key] !== undefined)
      .map((key) => [key, local[key]]),
  );
}

/**
 * A service made with `defineService`, by convention: `apps/<name>/src/<name>.module` exports
 * `<name>Service`. Required only when asked for.
 */
export function serviceEntry<C extends ServiceConfig>(name: string): ServiceEntry | undefined {
  const file = modulePath(name);
  if (!file) return undefined;
  const service = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const defined = (require(file) as Record<string, Service<C> | undefined>)[
      `${camel(name)}Service`
    ];
    if (!defined) throw new Error(`${file} exports no ${camel(name)}Service`);
    return defined;
  };
  return {
    name,
    describe: () => service().descriptor,
    load: () => {
      const loaded = service();
      return {
        entities: loaded.entities,
        migrations: loaded.migrations as unknown[],
        createApp: async (env) =>
          (
            await loaded.createApp(
              loaded.loadConfig({ ...env, ...generatorEnv(loaded.descriptor) }),
            )
          ).app,
      };
    },
  };
}

let found: ServiceEntry[] | undefined;

/**
 * Every subgraph: each `apps/<name>` with a `<name>.module`, nothing listed by hand. In the
 * order of their ports (identity, which issues the tokens the others verify, first); that
 * loads every definition, so a generator that builds one service's schema asks `serviceEntry`.
 */
export function services(): ServiceEntry[] {
  found ??= readdirSync(APPS)
    .map((name) => serviceEntry(name))
    .filter((entry): entry is ServiceEntry => entry !== undefined)
    .map((entry) => ({ entry, port: entry.describe().port }))
    .sort((a, b) => a.port - b.port)
    .map(({ entry }) => entry);
  return found;
}

/** Every subgraph's descriptor, in port order (identity first: others need its JWKS). */
export function serviceDescriptors(): ServiceDescriptor[] {
  return services().map((entry) => entry.describe());
}
