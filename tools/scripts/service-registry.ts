import { generateKeyPairSync } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createIdentityApp } from '../../apps/identity/src/identity-app';
import { loadIdentityConfig } from '../../apps/identity/src/identity.config';
import { identityEntities } from '../../apps/identity/src/identity.module';
import { identityMigrations } from '../../apps/identity/src/migrations';
import { createNotificationsApp } from '../../apps/notifications/src/notifications-app';
import { loadNotificationsConfig } from '../../apps/notifications/src/notifications.config';
import { notificationsEntities } from '../../apps/notifications/src/notifications.module';
import { notificationsMigrations } from '../../apps/notifications/src/migrations';

/** What the generators need to know about each subgraph service. */
export interface ServiceEntry {
  name: string;
  entities: unknown[];
  migrations: unknown[];
  createApp(env: NodeJS.ProcessEnv): Promise<INestApplication>;
}

export function baseEnv(databaseUrl: string, eventlogUrl: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    EVENT_BROKER: 'postgres',
    EVENTLOG_DATABASE_URL: eventlogUrl,
    JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
  };
}

export const SERVICES: ServiceEntry[] = [
  {
    name: 'identity',
    entities: identityEntities,
    migrations: identityMigrations,
    createApp: async (env) => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const config = loadIdentityConfig({ ...env, JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
      return (await createIdentityApp(config)).app;
    },
  },
  {
    name: 'notifications',
    entities: notificationsEntities,
    migrations: notificationsMigrations,
    createApp: async (env) => (await createNotificationsApp(loadNotificationsConfig(env))).app,
  },
];
