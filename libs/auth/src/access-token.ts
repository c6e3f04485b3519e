import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Role } from '@jibs/domain';
import type { RevocationCheck } from './revocations';

/** Who is calling, as proven by a verified access token. */
export interface AuthUser {
  id: string;
  role: Role;
  email: string;
  /** The session (refresh-token family) the token was issued for; absent in older tokens. */
  sessionId?: string;
  /**
   * The email address was proven by a code sent to it, when the token was issued (claim
   * `email_verified`; absent in older tokens). Registration cannot be completed without it.
   */
  emailVerified?: boolean;
}

export const ACCESS_TOKEN_ALGORITHM = 'ES256';

export interface TokenVerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/**
 * Verifies access tokens against identity's published keys: signature (ES256 only), issuer,
 * audience and expiry, and, given a revocation list, that its session was not ended and it
 * was not issued before the user's "not before". Throws on anything else.
 */
export function createTokenVerifier(
  options: TokenVerifierOptions,
  keys?: JWTVerifyGetKey,
  revocations?: RevocationCheck,
): TokenVerifier {
  const jwks = keys ?? createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000 });
  return async (token) => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const role = payload['role'];
    const email = payload['email'];
    const sid = payload['sid'];
    const emailVerified = payload['email_verified'];
    if (
      typeof payload.sub !== 'string' ||
      (role !== Role.MEMBER && role !== Role.ADMIN) ||
      typeof email !== 'string' ||
      (sid !== undefined && typeof sid !== 'string') ||
      (emailVerified !== undefined && typeof emailVerified !== 'boolean') ||
      typeof payload.iat !== 'number'
    ) {
      throw new Error('access token is missing claims');
    }
    if (revocations?.isRevoked({ sub: payload.sub, sid, iat: payload.iat })) {
      throw new Error('access token was revoked');
    }
    return {
      id: payload.sub,
      role,
      email,
      ...(sid ? { sessionId: sid } : {}),
      ...(emailVerified !== undefined ? { emailVerified } : {}),
    };
  };
}

/** The token from an `Authorization: Bearer <token>` value, or undefined. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header.trim());
  return match?.[1];
}
