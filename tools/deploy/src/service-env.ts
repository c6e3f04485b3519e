/**
 * What each deployed service needs from its environment, as the deployment files must provide
 * it (compose and every Kubernetes overlay). Mirrors the services' env schemas (libs/config and
 * each service's *.config.ts); keep them in step. The gateway also needs one <NAME>_URL per
 * subgraph named in its supergraph: add them here as subgraphs join.
 */
export type ServiceName =
  'identity' | 'notifications' | 'billing' | 'cases' | 'documents' | 'gateway';

/** Values that are credentials, or carry one (database URLs): never written in a committed file. */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'EVENTLOG_DATABASE_URL',
  'JWT_PRIVATE_KEY',
  'TOTP_ENCRYPTION_KEY',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'GATEWAY_SECRET',
] as const;

const BACKEND = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'LOG_LEVEL',
  'DATABASE_URL',
  'EVENT_BROKER',
  // Read only with EVENT_BROKER=postgres / kafka respectively; both are provided so the broker
  // can be switched by configuration alone.
  'EVENTLOG_DATABASE_URL',
  'KAFKA_BROKERS',
  'JWKS_URL',
  'JWT_ISSUER',
  'JWT_AUDIENCE',
  // Subgraphs answer only requests that carry it; /metrics has its own port.
  'GATEWAY_SECRET',
  'METRICS_PORT',
  'METRICS_HOST',
];

export interface ServiceSpec {
  port: number;
  env: string[];
}

export const SERVICES: Record<ServiceName, ServiceSpec> = {
  identity: {
    port: 4001,
    env: [
      ...BACKEND,
      'JWT_PRIVATE_KEY',
      'TOTP_ENCRYPTION_KEY',
      'ACCESS_TOKEN_TTL_SECONDS',
      'REFRESH_TOKEN_TTL_DAYS',
      'COOKIE_SECURE',
      'MAIL_TRANSPORT',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_ORIGIN',
      'TRUST_PROXY',
      'SMS_TRANSPORT',
      'MAILBOX_DIR',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ],
  },
  notifications: {
    port: 4002,
    // Mail: the receipts for completed payments.
    env: [...BACKEND, 'MAIL_TRANSPORT', 'SMTP_URL', 'MAIL_FROM', 'MAILBOX_DIR'],
  },
  billing: {
    port: 4003,
    env: [
      ...BACKEND,
      'PAYMENT_PROVIDER',
      // Read only with PAYMENT_PROVIDER=stripe; the webhook secret is always read (the sandbox
      // signs its webhook events with it too).
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'PUBLIC_ORIGIN',
      'BILLING_PUBLIC_URL',
    ],
  },
  cases: {
    port: 4004,
    env: [...BACKEND],
  },
  documents: {
    port: 4005,
    // The private bucket browsers upload to and download from through presigned URLs.
    env: [
      ...BACKEND,
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'S3_BUCKET_DOCUMENTS',
    ],
  },
  gateway: {
    port: 8080,
    env: [
      'NODE_ENV',
      'HOST',
      'PORT',
      'LOG_LEVEL',
      'IDENTITY_URL',
      'NOTIFICATIONS_URL',
      'NOTIFICATIONS_WS_URL',
      // Billing's subgraph, and its plain HTTP routes (webhooks, the sandbox checkout page).
      'BILLING_URL',
      'BILLING_HTTP_URL',
      'CASES_URL',
      'DOCUMENTS_URL',
      'JWKS_URL',
      'JWT_ISSUER',
      'JWT_AUDIENCE',
      'WEB_DIST_DIR',
      'CORS_ORIGINS',
      'PUBLIC_ORIGIN',
      // Sent to every subgraph; the proxies in front of the gateway; /metrics's own port.
      'GATEWAY_SECRET',
      'TRUST_PROXY',
      'METRICS_PORT',
      'METRICS_HOST',
    ],
  },
};

export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export function isSecretVariable(name: string): boolean {
  return (SECRET_VARIABLES as readonly string[]).includes(name);
}
