import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from './s3-client';
import type { StorageEnv } from './storage-env';
import { startVerifyingS3, verifyingS3Unavailable } from './verifying-s3';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface TestS3 {
  /** Which server it is: 'verifying' checks signatures, 's3rver' accepts anything. */
  server: TestS3Server;
  /** The variables a service would read to reach this server. */
  env: StorageEnv;
  endpoint: string;
  client: S3Client;
  stop(): Promise<void>;
}

export type TestS3Server = 'verifying' | 's3rver';

let noticePrinted = false;

/**
 * Which S3 the tests run on: `JIBS_TEST_S3` when set; else the verifying server (S3Proxy, which
 * checks every signature) wherever Java can run it, as in CI, where its absence is an error;
 * elsewhere s3rver, with a notice that signatures go unchecked.
 */
export function testS3Server(value = process.env.JIBS_TEST_S3): TestS3Server {
  if (value === 'verifying' || value === 's3rver') return value;
  if (value !== undefined && value !== '') {
    throw new Error(`JIBS_TEST_S3 must be 'verifying' or 's3rver', not '${value}'`);
  }
  const unavailable = verifyingS3Unavailable();
  if (!unavailable) return 'verifying';
  if (process.env.CI === 'true') {
    throw new Error(`CI runs the S3 tests on the verifying server: ${unavailable}`);
  }
  if (!noticePrinted) {
    noticePrinted = true;
    process.stderr.write(
      `NOTICE: S3 tests run on s3rver, which checks no signatures (${unavailable}).\n`,
    );
  }
  return 's3rver';
}

/**
 * A real S3 API for integration tests with the given buckets, on a free loopback port and
 * emptied at stop: the verifying server or s3rver, as testS3Server() chooses.
 */
export function startTestS3(buckets: readonly string[]): Promise<TestS3> {
  return testS3Server() === 'verifying' ? startVerifyingS3(buckets) : startS3rver(buckets);
}

/**
 * s3rver on a free port, data in a fresh temporary folder removed at stop, with the given
 * buckets. It accepts any request, signed or not: the zero-install S3 of `npm start`.
 */
export async function startS3rver(buckets: readonly string[]): Promise<TestS3> {
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
    server: 's3rver',
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
