import { z } from 'zod';
import {
  envHelpers,
  mailEnvSchema,
  refuseLocalTransportsInProduction,
  secret,
  serviceEnvSchema,
  smsEnvSchema,
} from '@jibs/config';
import { emailSchema, newPasswordSchema, SIGN_UPS_PER_ADDRESS_PER_HOUR } from '@jibs/domain';
import { withTestRoutes } from '@jibs/subgraph';
import { parseSecretBoxKey } from './security/secret-box';

/**
 * Express's `trust proxy`: which peers may tell the client's address in X-Forwarded-For. The
 * gateway sets it to the real client; sign-in and forms are throttled per that address, so
 * only the gateway's own network may be trusted ('loopback' on one machine, e.g.
 * 'loopback, uniquelocal' or a CIDR in a cluster). 'true' would let any client choose its own.
 */
const trustProxy = z
  .string()
  .trim()
  .min(1)
  .default('loopback')
  .transform((value): boolean | number | string => {
    if (value === 'true' || value === 'false') return value === 'true';
    return /^\d+$/.test(value) ? Number(value) : value;
  });

const identitySettings = z
  .intersection(
    z.intersection(z.intersection(serviceEnvSchema, mailEnvSchema), smsEnvSchema),
    z.object({
      PORT: envHelpers.port(4001),
      /** PKCS#8 PEM of the ES256 key that signs access tokens. */
      JWT_PRIVATE_KEY: secret(z.string().min(1, 'JWT_PRIVATE_KEY is required')),
      /** Seals authenticator secrets at rest (AES-256-GCM): 32 bytes, as 64 hex characters or base64. */
      TOTP_ENCRYPTION_KEY: secret(
        z
          .string({ error: 'TOTP_ENCRYPTION_KEY is required' })
          .refine((value) => parseSecretBoxKey(value) !== null, {
            message: 'TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64',
          }),
      ),
      ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
      REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
      /**
       * argon2id cost of password hashes. The defaults are OWASP's minimum (19 MiB, t=2, p=1)
       * and belong in production; tests lower them so hashing does not fight for the cores.
       */
      ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19_456),
      ARGON2_TIME_COST: z.coerce.number().int().min(1).max(20).default(2),
      ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).default(1),
      COOKIE_SECURE: envHelpers.bool(true),
      /** Where people open the app; links in emails (password reset) point here. */
      PUBLIC_ORIGIN: envHelpers.url
        .default('http://localhost:8080')
        .transform((value) => value.replace(/\/+$/, '')),
      TRUST_PROXY: trustProxy,
      /** Sign-ups per client address per hour (an office or a test run behind one address). */
      SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce
        .number()
        .int()
        .min(1)
        .default(SIGN_UPS_PER_ADDRESS_PER_HOUR),
      /** The first admin, created at boot when no admin exists (both or neither). */
      ADMIN_EMAIL: emailSchema.optional(),
      ADMIN_PASSWORD: secret(newPasswordSchema).optional(),
    }),
  )
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD are set together or not at all',
    path: ['ADMIN_PASSWORD'],
  })
  // Codes texted into a local folder reach nobody: production names a provider or none.
  .superRefine((env, ctx) => refuseLocalTransportsInProduction(env, ctx));

/** Identity's settings, and TEST_ROUTES for the test-only route of its `testEvents`. */
export const identityEnvSchema = withTestRoutes(identitySettings);

export type IdentityConfig = z.output<typeof identityEnvSchema>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
