import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  describeService,
  type Service,
  type ServiceConfig,
  type ServiceDescriptor,
} from '@jibs/subgraph';

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

/**
 * A service made with `defineService`: its definition and its config loader, required only
 * when the entry is loaded.
 */
function defined<C extends ServiceConfig>(
  name: string,
  load: () => { service: Service<C>; loadConfig(env: NodeJS.ProcessEnv): C },
): ServiceEntry {
  return {
    name,
    describe: () => load().service.descriptor,
    load: () => {
      const { service, loadConfig } = load();
      return {
        entities: service.entities,
        migrations: service.migrations as unknown[],
        createApp: async (env) => (await service.createApp(loadConfig(env))).app,
      };
    },
  };
}

/* eslint-disable @typescript-eslint/no-require-imports */
export const SERVICES: ServiceEntry[] = [
  {
    name: 'identity',
    // Identity is not made with defineService: its description is given here, from its config.
    describe: () => {
      const { identityEnvSchema, IDENTITY_SECRET_KEYS } =
        require('../../apps/identity/src/identity.config') as typeof import('../../apps/identity/src/identity.config');
      return describeService({
        name: 'identity',
        envSchema: identityEnvSchema,
        secrets: IDENTITY_SECRET_KEYS,
        // Tuning with production defaults; tests lower them.
        deployOptional: [
          'ARGON2_MEMORY_KIB',
          'ARGON2_TIME_COST',
          'ARGON2_PARALLELISM',
          'SIGN_UPS_PER_ADDRESS_PER_HOUR',
        ],
        localEnv: ({ publicOrigin, secrets }) => ({
          JWT_PRIVATE_KEY: secrets.jwtPrivateKey,
          TOTP_ENCRYPTION_KEY: secrets.totpEncryptionKey,
          // Browsers accept Secure cookies on http://localhost; keep them Secure everywhere.
          COOKIE_SECURE: 'true',
          PUBLIC_ORIGIN: publicOrigin,
          ADMIN_EMAIL: secrets.adminEmail,
          ADMIN_PASSWORD: secrets.adminPassword,
        }),
      });
    },
    load: () => {
      const { createIdentityApp } =
        require('../../apps/identity/src/identity-app') as typeof import('../../apps/identity/src/identity-app');
      const { loadIdentityConfig } =
        require('../../apps/identity/src/identity.config') as typeof import('../../apps/identity/src/identity.config');
      const { identityEntities } =
        require('../../apps/identity/src/identity.module') as typeof import('../../apps/identity/src/identity.module');
      const { identityMigrations } =
        require('../../apps/identity/src/migrations') as typeof import('../../apps/identity/src/migrations');
      return {
        entities: identityEntities,
        migrations: identityMigrations,
        createApp: async (env) => {
          const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
          const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
          return (
            await createIdentityApp(
              loadIdentityConfig({
                ...env,
                JWT_PRIVATE_KEY: pem,
                TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
              }),
            )
          ).app;
        },
      };
    },
  },
  defined('notifications', () => {
    const { notificationsService } =
      require('../../apps/notifications/src/notifications.module') as typeof import('../../apps/notifications/src/notifications.module');
    const { loadNotificationsConfig } =
      require('../../apps/notifications/src/notifications.config') as typeof import('../../apps/notifications/src/notifications.config');
    return { service: notificationsService, loadConfig: loadNotificationsConfig };
  }),
  defined('billing', () => {
    const { billingService } =
      require('../../apps/billing/src/billing.module') as typeof import('../../apps/billing/src/billing.module');
    const { loadBillingConfig } =
      require('../../apps/billing/src/billing.config') as typeof import('../../apps/billing/src/billing.config');
    return {
      service: billingService,
      loadConfig: (env) =>
        loadBillingConfig({ ...env, STRIPE_WEBHOOK_SECRET: randomBytes(24).toString('hex') }),
    };
  }),
  defined('cases', () => {
    const { casesService } =
      require('../../apps/cases/src/cases.module') as typeof import('../../apps/cases/src/cases.module');
    const { loadCasesConfig } =
      require('../../apps/cases/src/cases.config') as typeof import('../../apps/cases/src/cases.config');
    return { service: casesService, loadConfig: loadCasesConfig };
  }),
  defined('documents', () => {
    const { documentsService } =
      require('../../apps/documents/src/documents.module') as typeof import('../../apps/documents/src/documents.module');
    const { loadDocumentsConfig } =
      require('../../apps/documents/src/documents.config') as typeof import('../../apps/documents/src/documents.config');
    return { service: documentsService, loadConfig: loadDocumentsConfig };
  }),
  defined('memorials', () => {
    const { memorialsService } =
      require('../../apps/memorials/src/memorials.module') as typeof import('../../apps/memorials/src/memorials.module');
    const { loadMemorialsConfig } =
      require('../../apps/memorials/src/memorials.config') as typeof import('../../apps/memorials/src/memorials.config');
    return { service: memorialsService, loadConfig: loadMemorialsConfig };
  }),
];

/** Every subgraph's descriptor, in the registry's order (identity first: others need its JWKS). */
export function serviceDescriptors(): ServiceDescriptor[] {
  return SERVICES.map((entry) => entry.describe());
}
