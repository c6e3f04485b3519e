import { DocumentPageMessages } from './memorial-page-messages';
import { SUPPORTED_FILE_TYPES } from './settings';

/** A file type as the settings name it (an extension): pdf, jpg, jpeg, png. */
export type SupportedFileType = (typeof SUPPORTED_FILE_TYPES)[number];

/** What a file is, as its content (magic bytes) says; jpg and jpeg are both `jpeg`. */
export type FileContentType = 'pdf' | 'jpeg' | 'png';

/** The MIME type and the extension stored keys get for each content type. */
export const FILE_CONTENT_TYPES: Readonly<
  Record<FileContentType, { readonly mime: string; readonly extension: string }>
> = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
};

const CONTENT_TYPE_OF_EXTENSION: Readonly<Record<SupportedFileType, FileContentType>> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
};

// Browsers report JPEGs under a few names; anything else is not one of ours.
const CONTENT_TYPE_OF_MIME: Readonly<Record<string, FileContentType>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
};

export const BYTES_PER_MB = 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 255;

/** A size limit in bytes from the settings' megabytes. */
export function megabytesToBytes(megabytes: number): number {
  return Math.round(megabytes * BYTES_PER_MB);
}

/** The lower-cased extension of a file name ('Scan.PDF' -> 'pdf'), or undefined without one. */
export function fileExtension(fileName: string): string | undefined {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

export function contentTypeOfExtension(extension: string): FileContentType | undefined {
  const key = extension.toLowerCase();
  return (SUPPORTED_FILE_TYPES as readonly string[]).includes(key)
    ? CONTENT_TYPE_OF_EXTENSION[key as SupportedFileType]
    : undefined;
}

/** 'image/PNG; charset=x' -> 'png'; unknown or empty types -> undefined. */
export function contentTypeOfMime(mime: string): FileContentType | undefined {
  const key = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return Object.hasOwn(CONTENT_TYPE_OF_MIME, key) ? CONTENT_TYPE_OF_MIME[key] : undefined;
}

/** The content types a list of allowed file types admits (['jpg'] admits every JPEG). */
export function allowedContentTypes(
  allowed: readonly SupportedFileType[],
): ReadonlySet<FileContentType> {
  return new Set(allowed.map((type) => CONTENT_TYPE_OF_EXTENSION[type]));
}

/** Why an upload was refused. Every reason is bad input: services answer BAD_USER_INPUT. */
export enum UploadRejection {
  FileNameMissing = 'FILE_NAME_MISSING',
  FileNameTooLong = 'FILE_NAME_TOO_LONG',
  TypeNotAllowed = 'TYPE_NOT_ALLOWED',
  TooLarge = 'TOO_LARGE',
  Empty = 'EMPTY',
  /** Never uploaded, expired, or removed. */
  NotFound = 'NOT_FOUND',
  /** The upload key was confirmed before: each upload is confirmed once. */
  AlreadyConfirmed = 'ALREADY_CONFIRMED',
  /** The key is not under the caller's prefix; answered like NotFound so nothing leaks. */
  NotOwned = 'NOT_OWNED',
}

export const UploadMessages = {
  selectFilesAndType: 'Please select files and document type before uploading',
  rateLimited: 'Upload rate limit exceeded. Please try again later.',
  failed: 'There was an error uploading your files. Please try again.',
  fileNameMissing: 'File name is required',
  fileNameTooLong: `File name must be at most ${MAX_FILE_NAME_LENGTH} characters`,
  empty: 'The file is empty. Please choose another file.',
  notFound: 'Upload not found. Please upload the file again.',
  alreadyConfirmed: 'This upload was already confirmed. To add the file again, upload it again.',
  /** What a storage refusal or lost connection starts with (spec 9: storage error prefix). */
  storageErrorPrefix: 'File upload error',
} as const;

/** The specification's 'File type not allowed. Allowed types: ...', e.g. 'PDF, JPG, JPEG, PNG'. */
export function fileTypeNotAllowedMessage(allowed: readonly SupportedFileType[]): string {
  const names = [...new Set(allowed.map((type) => type.toUpperCase()))];
  return `File type not allowed. Allowed types: ${names.join(', ')}`;
}

/** The specification's 'File size too large. Maximum size: {N}MB'. */
export function fileTooLargeMessage(maxBytes: number): string {
  const megabytes = Math.round((maxBytes / BYTES_PER_MB) * 100) / 100;
  return `File size too large. Maximum size: ${megabytes}MB`;
}

/** The rules one upload is checked against (from the site settings, or a service's own). */
export interface UploadRules {
  maxBytes: number;
  allowed: readonly SupportedFileType[];
}

export function uploadRejectionMessage(reason: UploadRejection, rules: UploadRules): string {
  switch (reason) {
    case UploadRejection.FileNameMissing:
      return UploadMessages.fileNameMissing;
    case UploadRejection.FileNameTooLong:
      return UploadMessages.fileNameTooLong;
    case UploadRejection.TypeNotAllowed:
      return fileTypeNotAllowedMessage(rules.allowed);
    case UploadRejection.TooLarge:
      return fileTooLargeMessage(rules.maxBytes);
    case UploadRejection.Empty:
      return UploadMessages.empty;
    case UploadRejection.NotFound:
    case UploadRejection.NotOwned:
      return UploadMessages.notFound;
    case UploadRejection.AlreadyConfirmed:
      return UploadMessages.alreadyConfirmed;
  }
}

/** What the browser says about a file before sending it. None of it is trusted later. */
export interface DeclaredFile {
  name: string;
  /** The browser's content type; may be empty. */
  type: string;
  size: number;
}

export type DeclaredFileCheck =
  | { ok: true; contentType: FileContentType }
  | { ok: false; reason: UploadRejection; message: string };

/**
 * Checks a file's declared name, type and size against the rules: the client uses it to refuse
 * early, the server before it hands out an upload URL. The content is checked after upload.
 * The name's extension and the declared type must each be allowed (an empty type falls back to
 * the extension); the declared type decides the content type expected.
 */
export function checkDeclaredFile(file: DeclaredFile, rules: UploadRules): DeclaredFileCheck {
  const refuse = (reason: UploadRejection): DeclaredFileCheck => ({
    ok: false,
    reason,
    message: uploadRejectionMessage(reason, rules),
  });
  const name = file.name.trim();
  if (!name) return refuse(UploadRejection.FileNameMissing);
  if (name.length > MAX_FILE_NAME_LENGTH) return refuse(UploadRejection.FileNameTooLong);

  const allowed = allowedContentTypes(rules.allowed);
  const extension = fileExtension(name);
  const byExtension = extension ? contentTypeOfExtension(extension) : undefined;
  if (!byExtension || !allowed.has(byExtension)) return refuse(UploadRejection.TypeNotAllowed);
  const byMime = file.type.trim() ? contentTypeOfMime(file.type) : byExtension;
  if (!byMime || !allowed.has(byMime)) return refuse(UploadRejection.TypeNotAllowed);

  if (!Number.isSafeInteger(file.size) || file.size <= 0) return refuse(UploadRejection.Empty);
  if (file.size > rules.maxBytes) return refuse(UploadRejection.TooLarge);
  return { ok: true, contentType: byMime };
}

const SIZE_UNITS = [
  DocumentPageMessages.bytes,
  DocumentPageMessages.kilobytes,
  DocumentPageMessages.megabytes,
  DocumentPageMessages.gigabytes,
] as const;

/**
 * A file size as the admin screens show it: Bytes, KB, MB or GB, at most 2 decimals (1024-based);
 * `units` in the reader's language.
 */
export function formatFileSize(bytes: number, units: readonly string[] = SIZE_UNITS): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${units[0]}`;
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${Number((bytes / 1024 ** unit).toFixed(2))} ${units[unit]}`;
}
