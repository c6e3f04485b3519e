import { z } from 'zod';
import { secret } from './secrets';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');
const url = z.string().url();

/** The partitions of the topics the services create: the one number code, compose and docs use. */
export const DEFAULT_KAFKA_PARTITIONS = 8;
/** A URL that carries a credential (a database URL with its password). */
const secretUrl = () => secret(z.string().url());

/** A shared secret between the gateway and the subgraphs (GATEWAY_SECRET); never logged. */
const gatewaySecret = secret(
  z
    .string({ error: 'GATEWAY_SECRET is required' })
    .min(32, 'GATEWAY_SECRET must be at least 32 characters'),
);

/** The internal port that serves /metrics; unset: the service's port + 1000. 0: any free port. */
const metricsPort = z.coerce.number().int().min(0).max(65535).optional();

/** What every backend service reads from its environment. */
export const serviceEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: secretUrl(),
    EVENT_BROKER: z.enum(['postgres', 'kafka']).default('postgres'),
    EVENTLOG_DATABASE_URL: secretUrl().optional(),
    KAFKA_BROKERS: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((broker) => broker.trim()) : undefined)),
    /** Kafka authentication: off when unset; with it, KAFKA_SASL_USERNAME and _PASSWORD. */
    KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional(),
    KAFKA_SASL_USERNAME: z.string().min(1).optional(),
    KAFKA_SASL_PASSWORD: secret(z.string().min(1)).optional(),
    /** TLS to the brokers, verified against the system CAs or KAFKA_TLS_CA_FILE. */
    KAFKA_TLS: bool(false),
    /** A PEM file of the CA that signed the brokers' certificates. */
    KAFKA_TLS_CA_FILE: z.string().min(1).optional(),
    /** Mutual TLS: the client's PEM certificate and key files (both or neither). */
    KAFKA_TLS_CERT_FILE: z.string().min(1).optional(),
    KAFKA_TLS_KEY_FILE: z.string().min(1).optional(),
    /** Put before every topic and consumer group ('staging.'): environments share a cluster. */
    KAFKA_TOPIC_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9._-]*$/, 'KAFKA_TOPIC_PREFIX may hold only letters, digits, ".", "_", "-"')
      .default(''),
    /** Partitions of the topics the services create (existing topics keep theirs). */
    KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_KAFKA_PARTITIONS),
    /** Replicas of the topics the services create; unset: the cluster's default. */
    KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(32).optional(),
    JWKS_URL: url,
    JWT_ISSUER: z.string().default('jibs-identity'),
    JWT_AUDIENCE: z.string().default('jibs'),
    /** Every request but /health/* must carry it: only the gateway may call a subgraph. */
    GATEWAY_SECRET: gatewaySecret,
    METRICS_PORT: metricsPort,
    /** Where /metrics listens; the service's HOST when unset. Keep it on the internal network. */
    METRICS_HOST: z.string().optional(),
  })
  .refine((env) => env.EVENT_BROKER !== 'postgres' || env.EVENTLOG_DATABASE_URL, {
    message: 'EVENTLOG_DATABASE_URL is required when EVENT_BROKER=postgres',
    path: ['EVENTLOG_DATABASE_URL'],
  })
  .refine((env) => env.EVENT_BROKER !== 'kafka' || env.KAFKA_BROKERS?.length, {
    message: 'KAFKA_BROKERS is required when EVENT_BROKER=kafka',
    path: ['KAFKA_BROKERS'],
  })
  .refine((env) => !env.KAFKA_SASL_MECHANISM || env.KAFKA_SASL_USERNAME, {
    message: 'KAFKA_SASL_USERNAME is required when KAFKA_SASL_MECHANISM is set',
    path: ['KAFKA_SASL_USERNAME'],
  })
  .refine((env) => !env.KAFKA_SASL_MECHANISM || env.KAFKA_SASL_PASSWORD, {
    message: 'KAFKA_SASL_PASSWORD is required when KAFKA_SASL_MECHANISM is set',
    path: ['KAFKA_SASL_PASSWORD'],
  })
  .refine(
    (env) => env.KAFKA_SASL_MECHANISM || !(env.KAFKA_SASL_USERNAME || env.KAFKA_SASL_PASSWORD),
    {
      message:
        'KAFKA_SASL_MECHANISM (plain, scram-sha-256 or scram-sha-512) is required with a Kafka username or password',
      path: ['KAFKA_SASL_MECHANISM'],
    },
  )
  .refine((env) => !env.KAFKA_TLS_CERT_FILE === !env.KAFKA_TLS_KEY_FILE, {
    message: 'KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE go together (mutual TLS)',
    path: ['KAFKA_TLS_CERT_FILE'],
  })
  .refine((env) => env.KAFKA_TLS || !(env.KAFKA_TLS_CA_FILE || env.KAFKA_TLS_CERT_FILE), {
    message: 'KAFKA_TLS_CA_FILE and KAFKA_TLS_CERT_FILE need KAFKA_TLS=true',
    path: ['KAFKA_TLS'],
  });

export type ServiceEnv = z.output<typeof serviceEnvSchema>;

/** Outgoing mail: the local mailbox (files) by default, SMTP at scale. */
export const mailEnvSchema = z
  .object({
    MAIL_TRANSPORT: z.enum(['mailbox', 'smtp']).default('mailbox'),
    MAILBOX_DIR: z.string().default('.data/mailbox'),
    /** smtp(s)://user:password@host:port: it carries the relay's credentials. */
    SMTP_URL: secret(z.string()).optional(),
    MAIL_FROM: z.string().default('JIBS <no-reply@jibs.local>'),
  })
  .refine((env) => env.MAIL_TRANSPORT !== 'smtp' || env.SMTP_URL, {
    message: 'SMTP_URL is required when MAIL_TRANSPORT=smtp',
    path: ['SMTP_URL'],
  });

export type MailEnv = z.output<typeof mailEnvSchema>;

/**
 * How texts leave: the local mailbox, an HTTP SMS provider (libs/mailer HttpSmsSender), or
 * `none`: a deployment without a provider sends no texts and members cannot choose SMS.
 */
export const smsEnvSchema = z
  .object({
    SMS_TRANSPORT: z.enum(['mailbox', 'http', 'none']).default('mailbox'),
    /** The provider's base URL; texts are POSTed to `{SMS_HTTP_URL}/messages`. Empty: unset. */
    SMS_HTTP_URL: z.union([url, z.literal('')]).optional(),
    /** Empty: unset (a deployment file may pass an empty value through). */
    SMS_HTTP_API_KEY: secret(z.string()).optional(),
    SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    SMS_FROM: z.string().min(1).default('JIBS'),
  })
  .refine((env) => env.SMS_TRANSPORT !== 'http' || (env.SMS_HTTP_URL && env.SMS_HTTP_API_KEY), {
    message: 'SMS_HTTP_URL and SMS_HTTP_API_KEY are required when SMS_TRANSPORT=http',
    path: ['SMS_HTTP_URL'],
  });

export type SmsEnvConfig = z.output<typeof smsEnvSchema>;

/**
 * Production never 'sends' into a local folder: a mailbox transport for email or SMS there is a
 * boot error that says which variable to set.
 */
export function refuseLocalTransportsInProduction(
  env: { NODE_ENV: string; MAIL_TRANSPORT: string; SMS_TRANSPORT: string },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  if (env.MAIL_TRANSPORT === 'mailbox') {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_TRANSPORT'],
      message:
        'MAIL_TRANSPORT=mailbox writes mail to a local folder: set MAIL_TRANSPORT=smtp and SMTP_URL in production',
    });
  }
  if (env.SMS_TRANSPORT === 'mailbox') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_TRANSPORT'],
      message:
        'SMS_TRANSPORT=mailbox writes texts to a local folder: set SMS_TRANSPORT=http, SMS_HTTP_URL and SMS_HTTP_API_KEY in production',
    });
  }
}

export const envHelpers = { port, bool, url, secretUrl, gatewaySecret, metricsPort };
