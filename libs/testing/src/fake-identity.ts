import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * Only for tests: a local key set standing in for identity's JWKS, and access tokens signed with
 * it exactly as identity signs them (ES256, issuer `jibs-identity`, audience `jibs`, 5 minutes).
 */
export interface FakeIdentity {
  jwksUrl: string;
  /**
   * A token for `userId` (a new id when omitted) with the role and an email made from the id;
   * `claims` add to (or replace) them, e.g. `{ email, email_verified }`.
   */
  token(
    role: 'member' | 'admin',
    userId?: string,
    claims?: { email?: string; email_verified?: boolean },
  ): Promise<{ id: string; email: string; token: string }>;
  close(): Promise<void>;
}

/**
 * `lifetime` (a jose duration, 5 minutes as identity's own by default) is longer for a whole
 * test file's callers: one made in `beforeAll` must outlive a slow run on a busy machine.
 */
export async function startFakeIdentity({ lifetime = '5m' } = {}): Promise<FakeIdentity> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  const jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  return {
    jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
    async token(role, userId = randomUUID(), claims = {}) {
      const email = claims.email ?? `${role}-${userId.slice(0, 8)}@example.com`;
      const token = await new SignJWT({ role, ...claims, email })
        .setProtectedHeader({ alg: 'ES256', kid: 'test' })
        .setSubject(userId)
        .setIssuer('jibs-identity')
        .setAudience('jibs')
        .setIssuedAt()
        .setExpirationTime(lifetime)
        .sign(privateKey);
      return { id: userId, email, token };
    },
    close: () => new Promise<void>((resolve) => jwks.close(() => resolve())),
  };
}
