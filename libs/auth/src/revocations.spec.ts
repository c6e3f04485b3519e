import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createTokenVerifier } from './access-token';
import {
  RevocationList,
  revocationsUrlFor,
  revocationVersionOf,
  revocationWaitMs,
  type RevocationFeed,
  type RevocationSnapshot,
} from './revocations';

describe('revoked access tokens', () => {
  const options = {
    jwksUrl: 'http://identity:4001/.well-known/jwks.json',
    issuer: 'i',
    audience: 'a',
  };
  const userId = '0b7c7f0e-4f43-4c55-9d5e-2f3f7a0e9a11';
  let sign: (claims: Record<string, unknown>, iat?: number) => Promise<string>;
  let snapshot: RevocationSnapshot;
  let list: RevocationList;
  let verify: ReturnType<typeof createTokenVerifier>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    list = new RevocationList(async () => snapshot);
    verify = createTokenVerifier(options, createLocalJWKSet({ keys: [jwk] }), list);
    sign = (claims, iat) =>
      new SignJWT({ role: 'member', email: 'a@b.c', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject(userId)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt(iat)
        .setExpirationTime('5m')
        .sign(privateKey);
  });

  beforeEach(() => {
    snapshot = { sids: [], notBefore: {} };
  });

  it('reads the list next to the JWKS', () => {
    expect(revocationsUrlFor(options.jwksUrl)).toBe('http://identity:4001/internal/revocations');
  });

  it('refuses a token whose session was ended, once the list is refreshed', async () => {
    const token = await sign({ sid: 'family-1' });
    await list.refresh();
    await expect(verify(token)).resolves.toMatchObject({ id: userId, sessionId: 'family-1' });
    snapshot = { sids: ['family-1'], notBefore: {} };
    await list.refresh();
    await expect(verify(token)).rejects.toThrow('revoked');
    await expect(verify(await sign({ sid: 'family-2' }))).resolves.toMatchObject({ id: userId });
  });

  it("refuses tokens issued before the user's not-before time", async () => {
    const now = Math.floor(Date.now() / 1000);
    snapshot = { sids: [], notBefore: { [userId]: now } };
    await list.refresh();
    await expect(verify(await sign({}, now - 10))).rejects.toThrow('revoked');
    await expect(verify(await sign({}, now))).resolves.toMatchObject({ id: userId });
  });

  it('keeps the last copy when identity cannot be reached', async () => {
    snapshot = { sids: ['family-3'], notBefore: {} };
    await list.refresh();
    const errors: unknown[] = [];
    const failing = new RevocationList(async () => snapshot, { onError: (e) => errors.push(e) });
    await failing.refresh();
    failing.useSource(() => Promise.reject(new Error('down')));
    await failing.refresh();
    expect(errors).toHaveLength(1);
    expect(failing.isRevoked({ sub: userId, sid: 'family-3', iat: 0 })).toBe(true);
  });

  it('reads the long poll headers: one strong tag, a capped wait', () => {
    expect(revocationVersionOf('"abc"')).toBe('abc');
    expect(revocationVersionOf(['"abc"'])).toBe('abc');
    expect(revocationVersionOf('W/"abc"')).toBeUndefined();
    expect(revocationVersionOf('"a", "b"')).toBeUndefined();
    expect(revocationVersionOf(undefined)).toBeUndefined();
    expect(revocationWaitMs('wait=25')).toBe(25_000);
    expect(revocationWaitMs('respond-async, wait=10')).toBe(10_000);
    expect(revocationWaitMs('wait=3600')).toBe(60_000);
    expect(revocationWaitMs('return=minimal')).toBe(0);
    expect(revocationWaitMs(undefined)).toBe(0);
  });

  it('follows a feed: each answer applied, then asked again with its version, telling listeners', async () => {
    const asked: (string | undefined)[] = [];
    let answer!: (read: Awaited<ReturnType<RevocationFeed>>) => void;
    const feed: RevocationFeed = (known) => {
      asked.push(known);
      return new Promise((resolve) => (answer = resolve));
    };
    const followed = new RevocationList(undefined, { feed, refreshMs: 60_000 });
    let changes = 0;
    followed.onChange(() => changes++);
    followed.start();
    try {
      answer({ snapshot: { sids: [], notBefore: {} }, version: 'v1' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(asked).toEqual([undefined, 'v1']);
      answer({ snapshot: { sids: ['family-9'], notBefore: {} }, version: 'v2' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(followed.isRevoked({ sub: userId, sid: 'family-9', iat: 0 })).toBe(true);
      expect(asked).toEqual([undefined, 'v1', 'v2']);
      expect(changes).toBe(2);
    } finally {
      followed.stop();
    }
  });

  it('does not spin on a feed that answers at once without waiting', async () => {
    let reads = 0;
    const feed: RevocationFeed = async () => {
      reads++;
      return 'unchanged';
    };
    const followed = new RevocationList(undefined, { feed, refreshMs: 60_000 });
    followed.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    followed.stop();
    expect(reads).toBe(1);
  });
});
