import argon2 from 'argon2';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Verified against when no account matches, so a missing account costs the same time.
const DUMMY_HASH = argon2.hash('not-a-real-password-for-timing', OPTIONS);

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}
