import { z } from 'zod';
import { envHelpers, serviceEnvSchema } from '@jibs/config';
import { storageEnvSchema } from '@jibs/storage';

export const memorialsEnvSchema = z.intersection(
  z.intersection(serviceEnvSchema, storageEnvSchema),
  z.object({
    PORT: envHelpers.port(4006),
    /** The private bucket memorial photos are stored in. */
    S3_BUCKET_MEMORIALS: z.string().min(3).default('memorials'),
  }),
);

export type MemorialsConfig = z.output<typeof memorialsEnvSchema>;
