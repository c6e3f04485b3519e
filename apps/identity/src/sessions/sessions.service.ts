import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { DomainError } from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { SigningKey } from '../keys/signing-key';
import { hashOpaqueToken as hash, newOpaqueToken } from '../security/opaque-token';
import { RefreshTokenEntity } from './refresh-token.entity';
import { Revocations } from './revocations';

/**
 * Two tabs refreshing at once present the same token; the one that loses the rotation still
 * gets a session within this many seconds of it. Later, presenting a rotated token is reuse.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export interface IssuedSession {
  account: AccountEntity;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly signingKey: SigningKey,
    private readonly revocations: Revocations,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A new session (a new refresh-token family) for a just-authenticated account. */
  async start(account: AccountEntity): Promise<IssuedSession> {
    return this.issue(account, randomUUID());
  }

  /**
   * Rotates a refresh token. A token already rotated or revoked is reuse: the whole family is
   * revoked, so a stolen token stops working for the thief and the owner alike. Except within
   * REFRESH_REUSE_GRACE_SECONDS of its rotation: two tabs (or a retried request) refreshing
   * with the same cookie each get a session of the same family.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw DomainError.unauthenticated();
    const tokens = this.dataSource.getRepository(RefreshTokenEntity);
    const stored = await tokens.findOne({ where: { tokenHash: hash(refreshToken) } });
    if (!stored) throw DomainError.unauthenticated();
    if (stored.revokedAt) {
      await this.revokeFamily(stored.familyId);
      throw DomainError.unauthenticated();
    }
    if (stored.expiresAt.getTime() <= Date.now()) throw DomainError.unauthenticated();
    // Only one concurrent refresh with the same token may win the rotation.
    const claimed = await tokens.update(
      { id: stored.id, rotatedAt: IsNull(), revokedAt: IsNull() },
      { rotatedAt: new Date() },
    );
    if (claimed.affected !== 1 && !(await this.justRotated(stored.id))) {
      await this.revokeFamily(stored.familyId);
      throw DomainError.unauthenticated();
    }
    const account = await this.dataSource
      .getRepository(AccountEntity)
      .findOne({ where: { id: stored.userId } });
    if (!account) throw DomainError.unauthenticated();
    return this.issue(account, stored.familyId);
  }

  /** Rotated within the grace window (the database's clock) and not revoked since. */
  private async justRotated(id: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM refresh_tokens
        WHERE id = $1 AND revoked_at IS NULL
          AND rotated_at > now() - make_interval(secs => $2)`,
      [id, REFRESH_REUSE_GRACE_SECONDS],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Ends the session the refresh token belongs to; unknown tokens are ignored. */
  async end(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.dataSource
      .getRepository(RefreshTokenEntity)
      .findOne({ where: { tokenHash: hash(refreshToken) } });
    if (stored) await this.revokeFamily(stored.familyId);
  }

  /**
   * Ends every session of an account (a new password), in the caller's transaction: each
   * family, and every access token issued until now. Call `revoked()` once committed.
   */
  async revokeAll(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(
      RefreshTokenEntity,
      { userId, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    await manager
      .createQueryBuilder()
      .update(AccountEntity)
      .set({ sessionsNotBefore: () => 'now()' })
      .where('id = :userId', { userId })
      .execute();
  }

  /** Ends every session of an account but one (the caller's own), e.g. a new authenticator. */
  async revokeOthers(userId: string, keepFamilyId: string | undefined): Promise<void> {
    await this.dataSource.getRepository(RefreshTokenEntity).update(
      {
        userId,
        revokedAt: IsNull(),
        ...(keepFamilyId ? { familyId: Not(keepFamilyId) } : {}),
      },
      { revokedAt: new Date() },
    );
    await this.revoked();
  }

  /** Revocations committed outside this service: this instance applies them at once. */
  async revoked(): Promise<void> {
    await this.revocations.changed();
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.dataSource
      .getRepository(RefreshTokenEntity)
      .update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.revoked();
  }

  private async issue(account: AccountEntity, familyId: string): Promise<IssuedSession> {
    const { token: refreshToken, hash: tokenHash } = newOpaqueToken();
    const refreshExpiresAt = new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await this.dataSource.getRepository(RefreshTokenEntity).insert({
      userId: account.id,
      familyId,
      tokenHash,
      expiresAt: refreshExpiresAt,
    });
    const access = await this.signingKey.sign(
      {
        id: account.id,
        role: account.role,
        email: account.email,
        sessionId: familyId,
        emailVerified: account.emailVerifiedAt !== null,
      },
      {
        issuer: this.config.JWT_ISSUER,
        audience: this.config.JWT_AUDIENCE,
        ttlSeconds: this.config.ACCESS_TOKEN_TTL_SECONDS,
      },
    );
    return {
      account,
      accessToken: access.token,
      accessExpiresAt: access.expiresAt,
      refreshToken,
      refreshExpiresAt,
    };
  }
}
