import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';

/**
 * What the generators need to know about each subgraph service. Each service's code is loaded
 * only when asked for: Nest's GraphQL type registry is process-wide, so two services loaded in
 * one process would leak types into each other's schema.
 */
export interface ServiceEntry {
  name: string;
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

/* eslint-disable @typescript-eslint/no-require-imports */
export const SERVICES: ServiceEntry[] = [
  {
    name: 'identity',
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
  {
    name: 'notifications',
    load: () => {
      const { createNotificationsApp } =
        require('../../apps/notifications/src/notifications-app') as typeof import('../../apps/notifications/src/notifications-app');
      const { loadNotificationsConfig } =
        require('../../apps/notifications/src/notifications.config') as typeof import('../../apps/notifications/src/notifications.config');
      const { notificationsEntities } =
        require('../../apps/notifications/src/notifications.module') as typeof import('../../apps/notifications/src/notifications.module');
      const { notificationsMigrations } =
        require('../../apps/notifications/src/migrations') as typeof import('../../apps/notifications/src/migrations');
      return {
        entities: notificationsEntities,
        migrations: notificationsMigrations,
        createApp: async (env) => (await createNotificationsApp(loadNotificationsConfig(env))).app,
      };
    },
  },
  {
    name: 'billing',
    load: () => {
      const { createBillingApp } =
        require('../../apps/billing/src/billing-app') as typeof import('../../apps/billing/src/billing-app');
      const { loadBillingConfig } =
        require('../../apps/billing/src/billing.config') as typeof import('../../apps/billing/src/billing.config');
      const { billingEntities } =
        require('../../apps/billing/src/billing.module') as typeof import('../../apps/billing/src/billing.module');
      const { billingMigrations } =
        require('../../apps/billing/src/migrations') as typeof import('../../apps/billing/src/migrations');
      return {
        entities: billingEntities,
        migrations: billingMigrations,
        createApp: async (env) =>
          (
            await createBillingApp(
              loadBillingConfig({
                ...env,
                STRIPE_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
              }),
            )
          ).app,
      };
    },
  },
  {
    name: 'cases',
    load: () => {
      const { createCasesApp } =
        require('../../apps/cases/src/cases-app') as typeof import('../../apps/cases/src/cases-app');
      const { loadCasesConfig } =
        require('../../apps/cases/src/cases.config') as typeof import('../../apps/cases/src/cases.config');
      const { casesEntities } =
        require('../../apps/cases/src/cases.module') as typeof import('../../apps/cases/src/cases.module');
      const { casesMigrations } =
        require('../../apps/cases/src/migrations') as typeof import('../../apps/cases/src/migrations');
      return {
        entities: casesEntities,
        migrations: casesMigrations,
        createApp: async (env) => (await createCasesApp(loadCasesConfig(env))).app,
      };
    },
  },
  {
    name: 'documents',
    load: () => {
      const { createDocumentsApp } =
        require('../../apps/documents/src/documents-app') as typeof import('../../apps/documents/src/documents-app');
      const { loadDocumentsConfig } =
        require('../../apps/documents/src/documents.config') as typeof import('../../apps/documents/src/documents.config');
      const { documentsEntities } =
        require('../../apps/documents/src/documents.module') as typeof import('../../apps/documents/src/documents.module');
      const { documentsMigrations } =
        require('../../apps/documents/src/migrations') as typeof import('../../apps/documents/src/migrations');
      return {
        entities: documentsEntities,
        migrations: documentsMigrations,
        createApp: async (env) => (await createDocumentsApp(loadDocumentsConfig(env))).app,
      };
    },
  },
];
