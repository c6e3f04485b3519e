import { z } from 'zod';
import { envHelpers, loadConfig, serviceEnvSchema } from '@jibs/config';

export const casesEnvSchema = z.intersection(
  serviceEnvSchema,
  z.object({ PORT: envHelpers.port(4004) }),
);

export type CasesConfig = z.output<typeof casesEnvSchema>;

export function loadCasesConfig(env: NodeJS.ProcessEnv = process.env): CasesConfig {
  return loadConfig(casesEnvSchema, env);
}
