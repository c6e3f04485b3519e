import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createTokenVerifier } from './access-token';
import { RevocationList, revocationsUrlFor, type RevocationSnapshot } from './revocations';

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
});
