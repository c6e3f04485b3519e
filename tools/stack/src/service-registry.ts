import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Service, ServiceConfig, ServiceDescriptor } from '@jibs/subgraph';

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

/**
 * One file of a service, by the workspace's layout (`apps/<name>/src/<file>`). The registry is
 * a loader: it finds services by convention instead of importing their sources by path.
 */
function fromService<T>(name: string, file: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(APPS, name, 'src', file)) as T;
}

const camel = (name: string) => name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/**
 * A service made with `defineService`, by convention: `apps/<name>/src/<name>.module` exports
 * `<name>Service`. Required only when asked for.
 * `generatorEnv`: values the generators must add (secrets the schema requires).
 */
function defined<C extends ServiceConfig>(
  name: string,
  generatorEnv: () => NodeJS.ProcessEnv = () => ({}),
): ServiceEntry {
  const service = () =>
    fromService<Record<string, Service<C>>>(name, `${name}.module`)[`${camel(name)}Service`];
  return {
    name,
    describe: () => service().descriptor,
    load: () => {
      const loaded = service();
      return {
        entities: loaded.entities,
        migrations: loaded.migrations as unknown[],
        createApp: async (env) =>
          (await loaded.createApp(loaded.loadConfig({ ...env, ...generatorEnv() }))).app,
      };
    },
  };
}

/** Every subgraph; identity first (the others verify tokens with its JWKS). */
export const SERVICES: ServiceEntry[] = [
  defined('identity', () => ({
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  })),
  defined('notifications'),
  defined('billing', () => ({ STRIPE_WEBHOOK_SECRET: randomBytes(24).toString('hex') })),
  defined('cases'),
  defined('documents'),
  defined('memorials'),
];

/** Every subgraph's descriptor, in the registry's order (identity first: others need its JWKS). */
export function serviceDescriptors(): ServiceDescriptor[] {
  return SERVICES.map((entry) => entry.describe());
}
