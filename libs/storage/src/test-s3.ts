import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from './s3-client';
import type { StorageEnv } from './storage-env';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface TestS3 {
  /** The variables a service would read to reach this server. */
  env: StorageEnv;
  endpoint: string;
  client: S3Client;
  stop(): Promise<void>;
}

/**
 * A real S3 API for integration tests: s3rver on a free port, data in a fresh temporary folder
 * removed at stop, with the given buckets.
 */
export async function startTestS3(buckets: readonly string[]): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'jibs-s3-'));
  // s3rver ships as CommonJS and is only needed by tests and the local stack.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as new (options: object) => S3rverInstance;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env: StorageEnv = {
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  };
  const client = createS3Client(env);
  return {
    env,
    endpoint,
    client,
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
