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
  UploadRejection,
  allowedContentTypes,
  checkDeclaredFile,
  type FileContentType,
  type UploadRules,
} from '@jibs/domain';
import { SNIFF_BYTES, sniffFileType } from './file-sniffing';
import { readHead } from './read-head';
import { isMissing, isPreconditionFailed } from './s3-errors';
import { UploadError } from './upload-error';
import { makeIncomingKey, parseIncomingKey, storedKey } from './upload-keys';

/** How long a browser may take to start its PUT. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
/** Cache-Control of stored files (the specification's 3600 s), private: they are personal. */
export const STORED_CACHE_CONTROL = 'private, max-age=3600';

export interface UploadSlotRequest extends UploadRules {
  bucket: string;
  /** The verified caller's id; every key lives under it. */
  ownerId: string;
  fileName: string;
  /** The browser's content type for the file (File.type); may be empty. */
  declaredType: string;
  declaredSize: number;
  expiresIn?: number;
}

export interface UploadSlot {
  /** The key to pass back to confirmUpload. */
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
 * Checks the declared name, type and size, then hands out a short-lived presigned PUT for one
 * file under the owner's incoming prefix. Nothing is written to the bucket here.
 */
export async function createUploadSlot(
  s3: S3Client,
  request: UploadSlotRequest,
): Promise<UploadSlot> {
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

export interface ConfirmUploadRequest extends UploadRules {
  bucket: string;
  /** The key createUploadSlot returned. */
  key: string;
  ownerId: string;
}

export interface ConfirmedUpload {
  /** Where the file now lives: `{ownerId}/{timestamp}-{random}.{ext}`; store this. */
  key: string;
  size: number;
  /** What the content is, whatever was declared. */
  detectedType: FileContentType;
  mime: string;
}

/**
 * Checks an uploaded file by what is in the bucket, not by what was declared: its size (HEAD)
 * and its type (the first bytes, by a ranged GET; the file is never read whole). A refused file
 * is deleted. An accepted one is copied, inside S3, to its stored key, for which no upload URL
 * exists, and checked again there, so what was checked is what stays.
 */
export async function confirmUpload(
  s3: S3Client,
  request: ConfirmUploadRequest,
): Promise<ConfirmedUpload> {
  const { bucket, ownerId } = request;
  const refuse = (reason: UploadRejection) => UploadError.of(reason, request);
  const parsed = parseIncomingKey(request.key, ownerId);
  if (!parsed.ok) throw refuse(parsed.owned ? UploadRejection.NotFound : UploadRejection.NotOwned);
  const incoming = request.key;

  const first = await inspect(s3, bucket, incoming, request);
  if (!first.ok) {
    await removeObject(s3, bucket, incoming);
    throw refuse(first.reason);
  }

  const key = storedKey(ownerId, parsed.stem, first.type);
  try {
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: key,
        CopySource: `${bucket}/${incoming}`,
        // Real S3 and MinIO copy only the version that was checked (s3rver ignores this; the
        // second check below covers it).
        CopySourceIfMatch: first.etag,
        MetadataDirective: 'REPLACE',
        ContentType: FILE_CONTENT_TYPES[first.type].mime,
        CacheControl: STORED_CACHE_CONTROL,
      }),
    );
  } catch (error) {
    if (isMissing(error) || isPreconditionFailed(error)) {
      await removeObject(s3, bucket, incoming);
      throw refuse(UploadRejection.NotFound);
    }
    throw error;
  }
  await removeObject(s3, bucket, incoming);

  const stored = await inspect(s3, bucket, key, request);
  if (!stored.ok || stored.type !== first.type) {
    await removeObject(s3, bucket, key);
    throw refuse(stored.ok ? UploadRejection.TypeNotAllowed : stored.reason);
  }
  return {
    key,
    size: stored.size,
    detectedType: stored.type,
    mime: FILE_CONTENT_TYPES[stored.type].mime,
  };
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
