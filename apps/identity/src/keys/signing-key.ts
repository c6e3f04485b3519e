import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose';
import { ACCESS_TOKEN_ALGORITHM, type AuthUser } from '@jibs/auth';

/** The key identity signs access tokens with, and the public half it publishes as a JWKS. */
export class SigningKey {
  private constructor(
    private readonly privateKey: KeyObject,
    readonly kid: string,
    readonly publicJwk: JWK,
  ) {}

  static async fromPem(pem: string): Promise<SigningKey> {
    const privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
    if (
      privateKey.asymmetricKeyType !== 'ec' ||
      privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
    ) {
      throw new Error('JWT_PRIVATE_KEY must be a P-256 (ES256) private key');
    }
    const jwk = await exportJWK(createPublicKey(privateKey));
    const kid = await calculateJwkThumbprint(jwk);
    return new SigningKey(privateKey, kid, {
      ...jwk,
      kid,
      alg: ACCESS_TOKEN_ALGORITHM,
      use: 'sig',
    });
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  async sign(
    user: AuthUser,
    options: { issuer: string; audience: string; ttlSeconds: number },
  ): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + options.ttlSeconds * 1000);
    const token = await new SignJWT({
      role: user.role,
      email: user.email,
      ...(user.sessionId ? { sid: user.sessionId } : {}),
      ...(user.emailVerified !== undefined ? { email_verified: user.emailVerified } : {}),
    })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: this.kid, typ: 'at+jwt' })
      .setSubject(user.id)
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.privateKey);
    return { token, expiresAt };
  }
}
