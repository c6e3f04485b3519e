import { z } from 'zod';
import { envHelpers, serviceEnvSchema } from '@jibs/config';

export const casesEnvSchema = z.intersection(
  serviceEnvSchema,
  z.object({ PORT: envHelpers.port(4004) }),
);

export type CasesConfig = z.output<typeof casesEnvSchema>;
