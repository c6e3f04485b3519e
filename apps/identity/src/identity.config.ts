import { z } from 'zod';
import { envHelpers, loadConfig, serviceEnvSchema } from '@jibs/config';

export const identityEnvSchema = z.intersection(
  serviceEnvSchema,
  z.object({
    PORT: envHelpers.port(4001),
    /** PKCS#8 PEM of the ES256 key that signs access tokens. */
    JWT_PRIVATE_KEY: z.string().min(1, 'JWT_PRIVATE_KEY is required'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    COOKIE_SECURE: envHelpers.bool(true),
  }),
);

export type IdentityConfig = z.output<typeof identityEnvSchema>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return loadConfig(identityEnvSchema, env);
}
