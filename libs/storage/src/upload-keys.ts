import { randomBytes } from 'node:crypto';
import { FILE_CONTENT_TYPES, contentTypeOfExtension, type FileContentType } from '@jibs/domain';

/**
 * Browsers upload under `incoming/`; a confirmed file is copied to a stored key
 * `{ownerId}/{timestamp}-{random}.{ext}` made afresh for that confirmation (nothing of the upload
 * key in it), for which no upload URL was ever issued, so nobody can replace it after its
 * content was checked.
 */
export const INCOMING_PREFIX = 'incoming/';

const OWNER_ID = /^[A-Za-z0-9_-]{1,128}$/;
const NAME = /^(\d{13})-([0-9a-f]{16})\.(pdf|jpg|png)$/;

function assertOwnerId(ownerId: string): void {
  // Owner ids come from the verified token, never from input: a bad one is a programming error.
  if (!OWNER_ID.test(ownerId))
    throw new TypeError('ownerId must be a plain id (letters, digits, - or _)');
}

/** The key a new upload goes to: `incoming/{ownerId}/{timestamp}-{random}.{ext}`. */
export function makeIncomingKey(
  ownerId: string,
  contentType: FileContentType,
  now: Date = new Date(),
  random: string = randomBytes(8).toString('hex'),
): string {
  assertOwnerId(ownerId);
  return `${INCOMING_PREFIX}${ownerId}/${fileNameOf(contentType, now, random)}`;
}

function fileNameOf(contentType: FileContentType, now: Date, random: string): string {
  const timestamp = String(now.getTime()).padStart(13, '0');
  return `${timestamp}-${random}.${FILE_CONTENT_TYPES[contentType].extension}`;
}

export type IncomingKeyCheck =
  | {
      ok: true;
      name: string;
      /** What the file was declared to be when its upload started (the key's extension). */
      declaredType: FileContentType;
    }
  | { ok: false; owned: boolean };

/** Whether a key is one of this owner's upload keys, in the shape makeIncomingKey makes. */
export function parseIncomingKey(key: string, ownerId: string): IncomingKeyCheck {
  assertOwnerId(ownerId);
  const prefix = `${INCOMING_PREFIX}${ownerId}/`;
  if (!key.startsWith(prefix)) return { ok: false, owned: false };
  const name = key.slice(prefix.length);
  const match = NAME.exec(name);
  if (!match) return { ok: false, owned: true };
  return { ok: true, name, declaredType: contentTypeOfExtension(match[3]!)! };
}

/**
 * A new stored key for one confirmation: `{ownerId}/{timestamp}-{random}.{ext}`, random again,
 * so knowing the upload key (or its URL) tells nothing about where the checked file lives.
 */
export function makeStoredKey(
  ownerId: string,
  contentType: FileContentType,
  now: Date = new Date(),
  random: string = randomBytes(8).toString('hex'),
): string {
  assertOwnerId(ownerId);
  return `${ownerId}/${fileNameOf(contentType, now, random)}`;
}
