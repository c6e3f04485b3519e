import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Status } from './s3-errors';
import { INCOMING_PREFIX } from './upload-keys';

/** How long a download link works. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

export interface DownloadUrlRequest {
  bucket: string;
  key: string;
  /** The name the browser saves the file under (the member's original name). */
  fileName: string;
  expiresIn?: number;
}

/**
 * A short-lived presigned GET that makes the browser save the file under its original name.
 * Issue it only to someone allowed to see the file: whoever holds it can fetch it until expiry.
 */
export async function downloadUrl(s3: S3Client, request: DownloadUrlRequest): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: request.bucket,
      Key: request.key,
      ResponseContentDisposition: attachmentDisposition(request.fileName),
    }),
    { expiresIn: request.expiresIn ?? DOWNLOAD_URL_TTL_SECONDS },
  );
}

// C0 controls and DEL: they must never reach a header.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * `attachment` with the name twice (RFC 6266): an ASCII fallback any browser reads, and the
 * exact UTF-8 name. Quotes, backslashes, path separators and control characters never reach
 * the header.
 */
export function attachmentDisposition(fileName: string): string {
  const clean = fileName.replace(CONTROL_CHARACTERS, '').replace(/[\\/]/g, '_').trim();
  const name = clean || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function deleteObject(
  s3: S3Client,
  request: { bucket: string; key: string },
): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: request.bucket, Key: request.key }));
}

/** Creates the bucket unless it exists (tests and the local stack; production buckets are provisioned). */
export async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    if (s3Status(error) !== 404) throw error;
  }
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
  }
}

/**
 * Lets browsers on the given origins PUT to presigned upload URLs and GET presigned downloads
 * (a cross-origin request from the web client straight to the bucket needs the bucket's CORS).
 * Replaces the bucket's CORS rules.
 */
export async function allowBrowserUploads(
  s3: S3Client,
  request: { bucket: string; origins: readonly string[] },
): Promise<void> {
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: request.bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: [...request.origins],
            AllowedMethods: ['PUT', 'GET', 'HEAD'],
            AllowedHeaders: ['content-type'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3600,
          },
        ],
      },
    }),
  );
}

/**
 * Deletes uploads that were never confirmed, older than `olderThan` (run it hourly, or give the
 * bucket a lifecycle rule on `incoming/`). Returns how many it deleted.
 */
export async function sweepIncoming(
  s3: S3Client,
  request: { bucket: string; olderThan: Date },
): Promise<number> {
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: request.bucket,
        Prefix: INCOMING_PREFIX,
        ContinuationToken: token,
      }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key || !object.LastModified || object.LastModified >= request.olderThan) continue;
      await s3.send(new DeleteObjectCommand({ Bucket: request.bucket, Key: object.Key }));
      deleted += 1;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
