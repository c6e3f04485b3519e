import { envHelpers, secret } from '@jibs/config';
import { z } from 'zod';

/**
 * The S3 settings a service that stores files reads from its environment; merge it into the
 * service's schema with `z.intersection(serviceEnvSchema, storageEnvSchema)`. Leave S3_ENDPOINT
 * out for AWS; leave both keys out to use the default credential chain (an IAM role).
 */
export const storageEnvSchema = z
  .object({
    S3_ENDPOINT: envHelpers.url.optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: secret(z.string().min(1)).optional(),
    S3_SECRET_ACCESS_KEY: secret(z.string().min(1)).optional(),
    S3_FORCE_PATH_STYLE: envHelpers.bool(false),
    /**
     * Where browsers reach the bucket, when not at S3_ENDPOINT (compose: the services reach
     * http://minio:9000, browsers http://localhost:9000). Presigned URLs are signed for it.
     */
    S3_PUBLIC_ENDPOINT: envHelpers.url.optional(),
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

export type StorageEnv = z.output<typeof storageEnvSchema>;
