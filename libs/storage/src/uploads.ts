import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  FILE_CONTENT_TYPES,
  UploadMessages,
  UploadRejection,
  allowedContentTypes,
  checkDeclaredFile,
  type FileContentType,
  type UploadRules,
} from '@jibs/domain';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { SNIFF_BYTES, sniffFileType } from './file-sniffing';
import { readHead } from './read-head';
import { isMissing, isPreconditionFailed } from './s3-errors';
import { UploadClaimEntity } from './upload-claim.entity';
import { UploadError } from './upload-error';
import { makeIncomingKey, makeStoredKey, parseIncomingKey } from './upload-keys';
import type { UploadRateLimiter } from './upload-rate-limiter';

/** How long a browser may take to start its PUT. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
/** Cache-Control of stored files (the specification's 3600 s), private: they are personal. */
export const STORED_CACHE_CONTROL = 'private, max-age=3600';

export interface UploadSlotRequest extends UploadRules {
  bucket: string;
  /** Whose prefix the key lives under: the verified caller, or what they upload for. */
  ownerId: string;
  /** The verified caller, counted against the upload rate limit. */
  memberId: string;
  fileName: string;
  /** The browser's content type for the file (File.type); may be empty. */
  declaredType: string;
  declaredSize: number;
  expiresIn?: number;
}

export interface UploadSlot {
  /** The key to pass back to confirmAndRecordUpload. */
  key: string;
  /** Presigned PUT; the browser sends the file as the body with `headers`. */
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
  /** What the declared file claims to be; the content decides at confirm. */
  declaredContentType: FileContentType;
}

/**
 * Counts the start against the member's upload rate limit (RATE_LIMITED past it), checks the
 * declared name, type and size, then hands out a short-lived presigned PUT for one file under
 * the owner's incoming prefix. Nothing is written to the bucket here.
 */
export async function createUploadSlot(
  s3: S3Client,
  limiter: UploadRateLimiter,
  request: UploadSlotRequest,
): Promise<UploadSlot> {
  await limiter.consume(request.memberId);
  const declared = checkDeclaredFile(
    { name: request.fileName, type: request.declaredType, size: request.declaredSize },
    request,
  );
  if (!declared.ok) throw new UploadError(declared.reason, declared.message);

  const expiresIn = request.expiresIn ?? UPLOAD_URL_TTL_SECONDS;
  const key = makeIncomingKey(request.ownerId, declared.contentType);
  const mime = FILE_CONTENT_TYPES[declared.contentType].mime;
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({
      Bucket: request.bucket,
      Key: key,
      ContentType: mime,
      ContentLength: request.declaredSize,
    }),
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return {
    key,
    url,
    method: 'PUT',
    headers: { 'Content-Type': mime },
    expiresAt: new Date(Date.now() + expiresIn * 1000),
    declaredContentType: declared.contentType,
  };
}

export interface ConfirmUploadRequest<T> extends UploadRules {
  bucket: string;
  /** The key createUploadSlot returned. */
  key: string;
  ownerId: string;
  /**
   * Checks the caller's other input (a file name, a caption...). Its refusal is thrown as it is,
   * after the upload was deleted.
   */
  checkInput?: () => void | Promise<void>;
  /**
   * Writes the service's row for the checked, stored file, in the transaction that marks the
   * upload confirmed (publish events through `manager` too). Its refusal is thrown as it is,
   * after the stored copy and the upload were deleted.
   */
  record: (manager: EntityManager, upload: ConfirmedUpload) => Promise<T>;
}

export interface ConfirmedUpload {
  /** Where the file now lives: `{ownerId}/{timestamp}-{random}.{ext}`; store this. */
  key: string;
  size: number;
  /** What the content is: always what was declared when the upload started. */
  detectedType: FileContentType;
  mime: string;
}

/**
 * Confirms an upload and records it, the one way every service does it:
 *
 * 1. A key outside the owner's prefix is refused as not found and left alone.
 * 2. `checkInput` runs; its refusal deletes the upload.
 * 3. The key is claimed (`upload_claims`, committed): a key confirmed before is refused here,
 *    before anything is copied, and a file put again with the same URL is deleted.
 * 4. The upload is checked by what is in the bucket, never by what was declared: its size (HEAD)
 *    and its type (the first bytes, by a ranged GET; the file is never read whole), which must be
 *    the type declared when the upload started.
 * 5. It is copied, inside S3, to a stored key made afresh (no upload URL exists for it), the
 *    upload is deleted, and the stored copy is checked again: what stays is what was checked.
 * 6. `record` writes the service's row in the transaction that settles the claim.
 *
 * Every refusal and every failure deletes the upload and any copy no row points at.
 */
export async function confirmAndRecordUpload<T>(
  s3: S3Client,
  dataSource: DataSource,
  request: ConfirmUploadRequest<T>,
): Promise<T> {
  const { bucket, ownerId, key: incoming } = request;
  const refuse = (reason: UploadRejection) => UploadError.of(reason, request);
  const parsed = parseIncomingKey(incoming, ownerId);
  if (!parsed.ok) throw refuse(parsed.owned ? UploadRejection.NotFound : UploadRejection.NotOwned);

  try {
    await request.checkInput?.();
  } catch (error) {
    await removeObject(s3, bucket, incoming);
    throw error;
  }

  const claimed = (await dataSource.query(
    'INSERT INTO upload_claims (upload_key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING upload_key',
    [incoming],
  )) as unknown[];
  if (claimed.length === 0) {
    // Once that confirmation ended, whatever is at the upload key was put there again with the
    // same URL: delete it. While it runs, the upload is that confirmation's to copy or delete.
    const earlier = await dataSource.manager.findOneBy(UploadClaimEntity, { uploadKey: incoming });
    if (earlier?.settledAt) await removeObject(s3, bucket, incoming);
    throw refuse(UploadRejection.AlreadyConfirmed);
  }

  let stored: string | undefined;
  try {
    const first = await inspect(s3, bucket, incoming, request);
    if (!first.ok) throw refuse(first.reason);
    if (first.type !== parsed.declaredType) throw refuse(UploadRejection.TypeNotAllowed);

    stored = makeStoredKey(ownerId, first.type);
    await copyChecked(s3, bucket, incoming, stored, first);
    await removeObject(s3, bucket, incoming);
    const copy = await inspect(s3, bucket, stored, request);
    if (!copy.ok) throw refuse(copy.reason);
    if (copy.type !== parsed.declaredType) throw refuse(UploadRejection.TypeNotAllowed);

    const upload: ConfirmedUpload = {
      key: stored,
      size: copy.size,
      detectedType: copy.type,
      mime: FILE_CONTENT_TYPES[copy.type].mime,
    };
    return await dataSource.transaction(async (manager) => {
      const result = await request.record(manager, upload);
      await manager.update(
        UploadClaimEntity,
        { uploadKey: incoming },
        { storedKey: upload.key, settledAt: () => 'now()' },
      );
      return result;
    });
  } catch (error) {
    await undo(s3, dataSource, { bucket, incoming, stored });
    throw error;
  }
}

/**
 * After a refusal or a failure: deletes the upload, and the stored copy unless the claim says it
 * was recorded (a commit whose answer was lost); when that cannot be read, an orphaned copy is
 * the lesser harm. Then settles the claim. Best effort: the caller rethrows the first error.
 */
async function undo(
  s3: S3Client,
  dataSource: DataSource,
  { bucket, incoming, stored }: { bucket: string; incoming: string; stored?: string },
): Promise<void> {
  const claims = dataSource.getRepository(UploadClaimEntity);
  await removeObject(s3, bucket, incoming).catch(() => undefined);
  if (stored) {
    const recorded = await claims
      .findOneBy({ uploadKey: incoming })
      .then((claim) => !claim || claim.storedKey === stored)
      .catch(() => true);
    if (!recorded) await removeObject(s3, bucket, stored).catch(() => undefined);
  }
  await claims
    .update({ uploadKey: incoming, settledAt: IsNull() }, { settledAt: () => 'now()' })
    .catch(() => undefined);
}

/**
 * Copies the checked upload to its stored key. Real S3 and MinIO copy only the version that
 * was checked (If-Match on its ETag); s3rver ignores that, and the stored copy is checked again.
 */
async function copyChecked(
  s3: S3Client,
  bucket: string,
  from: string,
  to: string,
  checked: { etag: string | undefined; type: FileContentType },
): Promise<void> {
  try {
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: `${bucket}/${from}`,
        CopySourceIfMatch: checked.etag,
        MetadataDirective: 'REPLACE',
        ContentType: FILE_CONTENT_TYPES[checked.type].mime,
        CacheControl: STORED_CACHE_CONTROL,
      }),
    );
  } catch (error) {
    if (isMissing(error) || isPreconditionFailed(error)) {
      throw new UploadError(UploadRejection.NotFound, UploadMessages.notFound);
    }
    throw error;
  }
}

type Inspection =
  | { ok: true; size: number; etag: string | undefined; type: FileContentType }
  | { ok: false; reason: UploadRejection };

async function inspect(
  s3: S3Client,
  bucket: string,
  key: string,
  rules: UploadRules,
): Promise<Inspection> {
  let size: number;
  let etag: string | undefined;
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    size = head.ContentLength ?? 0;
    etag = head.ETag;
  } catch (error) {
    if (isMissing(error)) return { ok: false, reason: UploadRejection.NotFound };
    throw error;
  }
  if (size <= 0) return { ok: false, reason: UploadRejection.Empty };
  if (size > rules.maxBytes) return { ok: false, reason: UploadRejection.TooLarge };

  let head: Uint8Array;
  try {
    const object = await s3.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        Range: `bytes=0-${SNIFF_BYTES - 1}`,
        IfMatch: etag,
      }),
    );
    head = await readHead(object.Body as Readable | undefined, SNIFF_BYTES);
  } catch (error) {
    if (isMissing(error) || isPreconditionFailed(error)) {
      return { ok: false, reason: UploadRejection.NotFound };
    }
    throw error;
  }
  const type = sniffFileType(head);
  if (!type || !allowedContentTypes(rules.allowed).has(type)) {
    return { ok: false, reason: UploadRejection.TypeNotAllowed };
  }
  return { ok: true, size, etag, type };
}

async function removeObject(s3: S3Client, bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
