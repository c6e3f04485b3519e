import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createPresigningClient, createS3Client } from './s3-client';
import type { StorageEnv } from './storage-env';

const env: StorageEnv = {
  S3_ENDPOINT: 'http://minio:9000',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: true,
};

const presign = (client: ReturnType<typeof createS3Client>) =>
  getSignedUrl(client, new GetObjectCommand({ Bucket: 'documents', Key: 'a/b.pdf' }), {
    expiresIn: 60,
  });

describe('createPresigningClient', () => {
  it('signs URLs for the public endpoint browsers reach', async () => {
    const url = new URL(
      await presign(
        createPresigningClient({ ...env, S3_PUBLIC_ENDPOINT: 'https://files.example' }),
      ),
    );
    expect(url.origin).toBe('https://files.example');
    expect(url.pathname).toBe('/documents/a/b.pdf');
  });

  it('signs for S3_ENDPOINT when no public endpoint is set', async () => {
    expect(new URL(await presign(createPresigningClient(env))).origin).toBe('http://minio:9000');
  });
});
