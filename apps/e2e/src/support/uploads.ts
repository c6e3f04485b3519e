import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { LocalStack } from '@jibs/stack';
import { createS3Client } from '@jibs/storage';

/** Real files: the storage library's fixtures (checked by their magic bytes on confirm). */
const FIXTURES = join(__dirname, '../../../../libs/storage/src/fixtures');
export const PDF = readFileSync(join(FIXTURES, 'certificate.pdf'));
export const JPEG = readFileSync(join(FIXTURES, 'photo.jpg'));

/** What startDocumentUpload and startMemorialPhotoUpload answer. */
export interface Slot {
  key: string;
  url: string;
  method: string;
  headers: { name: string; value: string }[];
}

const SLOT_FIELDS = 'key url method headers { name value }';
export const START_DOCUMENT = `mutation($input: StartDocumentUploadInput!) { startDocumentUpload(input: $input) { ${SLOT_FIELDS} } }`;
export const CREATE_MEMORIAL = `mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }`;
export const START_PHOTO = `mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { ${SLOT_FIELDS} } }`;
export const CONFIRM_PHOTO = `mutation($input: ConfirmMemorialPhotoUploadInput!) { confirmMemorialPhotoUpload(input: $input) { id } }`;

/** The PUT a browser makes to a presigned URL (any number of times while it lives). */
export async function put(slot: Slot, body: Buffer): Promise<void> {
  const response = await fetch(slot.url, {
    method: slot.method,
    headers: {
      ...Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
      connection: 'close',
    },
    body: new Uint8Array(body),
  });
  expect(response.status).toBe(200);
}

/**
 * A client of the stack's S3 with the services' own credentials, to look in the buckets
 * (S3Proxy checks them; s3rver does not).
 */
export function stackS3Client(stack: LocalStack): S3Client {
  return createS3Client({
    S3_ENDPOINT: `http://127.0.0.1:${stack.options.s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: stack.s3Credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: stack.s3Credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: true,
  });
}
