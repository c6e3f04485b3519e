import { z } from 'zod';
import { envHelpers, serviceEnvSchema } from '@jibs/config';
import { storageEnvSchema } from '@jibs/storage';

export const documentsEnvSchema = z.intersection(
  z.intersection(serviceEnvSchema, storageEnvSchema),
  z.object({
    PORT: envHelpers.port(4005),
    /** The private bucket members' documents are stored in. */
    S3_BUCKET_DOCUMENTS: z.string().min(3).default('documents'),
  }),
);

export type DocumentsConfig = z.output<typeof documentsEnvSchema>;

export const DOCUMENTS_CONFIG = Symbol('DOCUMENTS_CONFIG');
