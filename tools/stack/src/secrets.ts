import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets of the local stack, made once and kept (mode 0600) under the data directory, so a
 * restart keeps sessions and the database password. They reach services only through their
 * environment; nothing in the repository holds a secret.
 */
export interface LocalSecrets {
  postgresPassword: string;
  jwtPrivateKey: string;
  s3AccessKeyId: string;
  s3SecretAccessKey: string;
  /** The first admin, created by identity on an empty database. */
  adminEmail: string;
  adminPassword: string;
  /** Signs the sandbox payment provider's webhooks; billing verifies them with it. */
  stripeWebhookSecret: string;
  /** Seals authenticator secrets at rest (identity's TOTP_ENCRYPTION_KEY), 32 bytes in hex. */
  totpEncryptionKey: string;
  /** The gateway's credential towards the subgraphs (GATEWAY_SECRET); they answer nothing else. */
  gatewaySecret: string;
}

export interface LoadedSecrets {
  secrets: LocalSecrets;
  /** True the first time: the generated admin credentials are shown once, then never again. */
  created: boolean;
}

export function loadOrCreateSecrets(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): LoadedSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    // Files written by an earlier version lack the newer secrets: add them once and keep them.
    if (!stored.stripeWebhookSecret || !stored.totpEncryptionKey || !stored.gatewaySecret) {
      stored.stripeWebhookSecret ??= newWebhookSecret();
      stored.totpEncryptionKey ??= newEncryptionKey();
      stored.gatewaySecret ??= newGatewaySecret();
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
    return { secrets: stored as LocalSecrets, created: false };
  }
  const secrets = newLocalSecrets(env);
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { secrets, created: true };
}

/** A fresh set (the generators give a service the ones its schema requires). */
export function newLocalSecrets(env: NodeJS.ProcessEnv = process.env): LocalSecrets {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    postgresPassword: randomBytes(18).toString('base64url'),
    jwtPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // s3rver accepts only its built-in development credentials.
    s3AccessKeyId: 'S3RVER',
    s3SecretAccessKey: 'S3RVER',
    adminEmail: env.ADMIN_EMAIL ?? 'admin@jibs.local',
    adminPassword: env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
    stripeWebhookSecret: newWebhookSecret(),
    totpEncryptionKey: newEncryptionKey(),
    gatewaySecret: newGatewaySecret(),
  };
}

function newEncryptionKey(): string {
  return randomBytes(32).toString('hex');
}

function newGatewaySecret(): string {
  return randomBytes(32).toString('base64url');
}

function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}
