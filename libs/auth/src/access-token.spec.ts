import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { Role } from '@jibs/domain';
import { bearerToken, createTokenVerifier } from './access-token';

describe('createTokenVerifier', () => {
  const options = {
    jwksUrl: 'http://unused.invalid/jwks',
    issuer: 'jibs-identity',
    audience: 'jibs',
  };
  let sign: (
    claims: Record<string, unknown>,
    overrides?: { iss?: string; aud?: string; exp?: string },
  ) => Promise<string>;
  let verify: ReturnType<typeof createTokenVerifier>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    verify = createTokenVerifier(options, createLocalJWKSet({ keys: [jwk] }));
    sign = (claims, overrides = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject('0b7c7f0e-4f43-4c55-9d5e-2f3f7a0e9a11')
        .setIssuer(overrides.iss ?? options.issuer)
        .setAudience(overrides.aud ?? options.audience)
        .setIssuedAt()
        .setExpirationTime(overrides.exp ?? '5m')
        .sign(privateKey);
  });

  it('accepts a valid token and returns the caller', async () => {
    const user = await verify(await sign({ role: 'member', email: 'a@b.c' }));
    expect(user).toEqual({
      id: '0b7c7f0e-4f43-4c55-9d5e-2f3f7a0e9a11',
      role: Role.MEMBER,
      email: 'a@b.c',
    });
  });

  it.each([
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'other' }],
    ['an expired token', { exp: '-1m' }],
  ])('rejects %s', async (_label, overrides) => {
    await expect(
      verify(await sign({ role: 'member', email: 'a@b.c' }, overrides)),
    ).rejects.toThrow();
  });

  it('rejects an unknown role', async () => {
    await expect(verify(await sign({ role: 'root', email: 'a@b.c' }))).rejects.toThrow(
      'missing claims',
    );
  });

  it('rejects an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        sub: 'x',
        role: 'admin',
        email: 'a@b.c',
        iss: options.issuer,
        aud: options.audience,
        exp: 9e9,
        iat: 1,
      }),
    ).toString('base64url');
    await expect(verify(`${header}.${body}.`)).rejects.toThrow();
  });
});

describe('bearerToken', () => {
  it('reads only a well-formed bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
