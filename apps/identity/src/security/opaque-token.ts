import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets (refresh tokens, sign-in challenges, reset links): 256 random bits, given to
 * their holder once and stored only as a SHA-256, so a copy of the database opens nothing.
 * A fast hash is enough here: the input is random, not a guessable password.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
