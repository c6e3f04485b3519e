import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@jibs/domain';

/** A uniformly random code of six digits, leading zeros kept ('004217'). */
export function newOneTimeCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');
}

const SCHEME = 'hs256';

/**
 * Stores a code as `hs256$<salt>$<HMAC-SHA256(salt, code)>`: never the code itself, and with
 * a salt per code so equal codes do not look equal. Codes live ten minutes and allow a few
 * tries, which is what protects them; no server secret is needed, so they survive restarts
 * and work across replicas.
 */
export function hashOneTimeCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${SCHEME}$${salt}$${mac(salt, code)}`;
}

/** Compares in constant time; a malformed stored value never matches. */
export function oneTimeCodeMatches(code: string, stored: string): boolean {
  const [scheme, salt, digest] = stored.split('$');
  if (scheme !== SCHEME || !salt || !digest) return false;
  const expected = Buffer.from(digest, 'hex');
  const actual = Buffer.from(mac(salt, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function mac(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}
