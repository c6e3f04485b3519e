import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EventRoundTrip, type DiagnosticCheck } from '@jibs/subgraph';

/** Where the storage check writes: never a member's prefix, and removed at once. */
export const DIAGNOSTICS_PREFIX = 'diagnostics/';

/** Writes a small object, reads it back byte for byte, and deletes it. */
export async function storageRoundTrip(s3: S3Client, bucket: string): Promise<void> {
  const key = `${DIAGNOSTICS_PREFIX}${randomUUID()}.txt`;
  const body = `JIBS diagnostics ${new Date().toISOString()}`;
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'text/plain' }),
  );
  try {
    const read = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const text = await read.Body?.transformToString();
    if (text !== body) throw new Error('the object read back differs from the one written');
  } finally {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
}

/** The documents service's checks for the admin's diagnostics. */
export function documentsDiagnostics(
  app: INestApplication,
  s3: () => S3Client,
  bucket: string,
): DiagnosticCheck[] {
  return [
    { name: 'events', run: () => app.get(EventRoundTrip).run() },
    { name: 'storage', run: () => storageRoundTrip(s3(), bucket) },
  ];
}
