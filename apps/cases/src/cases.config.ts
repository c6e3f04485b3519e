import { z } from 'zod';
import { envHelpers, serviceEnvSchema } from '@jibs/config';
import { withTestRoutes } from '@jibs/subgraph';

/** Cases' settings, and TEST_ROUTES for the test-only route of its `testEvents`. */
export const casesEnvSchema = withTestRoutes(
  z.intersection(serviceEnvSchema, z.object({ PORT: envHelpers.port(4004) })),
);

export type CasesConfig = z.output<typeof casesEnvSchema>;
