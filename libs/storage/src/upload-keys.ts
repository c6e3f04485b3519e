import { randomBytes } from 'node:crypto';
import { FILE_CONTENT_TYPES, type FileContentType } from '@jibs/domain';

/**
 * Browsers upload under `incoming/`; a confirmed file is copied to its stored key
 * `{ownerId}/{timestamp}-{random}.{ext}`, for which no upload URL was ever issued, so nobody can
 * replace it after its content was checked.
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
  const timestamp = String(now.getTime()).padStart(13, '0');
  return `${INCOMING_PREFIX}${ownerId}/${timestamp}-${random}.${FILE_CONTENT_TYPES[contentType].extension}`;
}

export type IncomingKeyCheck =
  { ok: true; name: string; stem: string } | { ok: false; owned: boolean };

/** Whether a key is one of this owner's upload keys, in the shape makeIncomingKey makes. */
export function parseIncomingKey(key: string, ownerId: string): IncomingKeyCheck {
  assertOwnerId(ownerId);
  const prefix = `${INCOMING_PREFIX}${ownerId}/`;
  if (!key.startsWith(prefix)) return { ok: false, owned: false };
  const name = key.slice(prefix.length);
  const match = NAME.exec(name);
  if (!match) return { ok: false, owned: true };
  return { ok: true, name, stem: `${match[1]}-${match[2]}` };
}

/** The stored key for a confirmed upload: the owner's prefix, the extension of its content. */
export function storedKey(ownerId: string, stem: string, contentType: FileContentType): string {
  assertOwnerId(ownerId);
  return `${ownerId}/${stem}.${FILE_CONTENT_TYPES[contentType].extension}`;
}
