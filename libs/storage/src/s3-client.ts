import { S3Client } from '@aws-sdk/client-s3';
import type { StorageEnv } from './storage-env';

/** An S3 client for AWS, MinIO or s3rver, from the service's validated environment. */
export function createS3Client(env: StorageEnv): S3Client {
  return new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's default checksums would be signed into presigned PUTs, which browsers cannot
    // send and S3-compatible servers reject; integrity is checked at confirm instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * A client only for presigning the URLs browsers use: signed for S3_PUBLIC_ENDPOINT when set
 * (the signature covers the host), else the same endpoint as createS3Client. Presigning makes
 * no request, so the service never needs to reach the public endpoint itself.
 */
export function createPresigningClient(env: StorageEnv): S3Client {
  return createS3Client({ ...env, S3_ENDPOINT: env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT });
}
