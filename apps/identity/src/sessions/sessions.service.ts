import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { DomainError } from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { SigningKey } from '../keys/signing-key';
import { hashOpaqueToken as hash, newOpaqueToken } from '../security/opaque-token';
import { RefreshTokenEntity } from './refresh-token.entity';

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
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A new session (a new refresh-token family) for a just-authenticated account. */
  async start(account: AccountEntity): Promise<IssuedSession> {
    return this.issue(account, randomUUID());
  }

  /**
   * Rotates a refresh token. A token already rotated or revoked is reuse: the whole family is
   * revoked, so a stolen token stops working for the thief and the owner alike.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw DomainError.unauthenticated();
    const tokens = this.dataSource.getRepository(RefreshTokenEntity);
    const stored = await tokens.findOne({ where: { tokenHash: hash(refreshToken) } });
    if (!stored) throw DomainError.unauthenticated();
    if (stored.rotatedAt || stored.revokedAt) {
      await this.revokeFamily(stored.familyId);
      throw DomainError.unauthenticated();
    }
    if (stored.expiresAt.getTime() <= Date.now()) throw DomainError.unauthenticated();
    // Only one concurrent refresh with the same token may win the rotation.
    const claimed = await tokens.update(
      { id: stored.id, rotatedAt: IsNull(), revokedAt: IsNull() },
      { rotatedAt: new Date() },
    );
    if (claimed.affected !== 1) {
      await this.revokeFamily(stored.familyId);
      throw DomainError.unauthenticated();
    }
    const account = await this.dataSource
      .getRepository(AccountEntity)
      .findOne({ where: { id: stored.userId } });
    if (!account) throw DomainError.unauthenticated();
    return this.issue(account, stored.familyId);
  }

  /** Ends the session the refresh token belongs to; unknown tokens are ignored. */
  async end(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.dataSource
      .getRepository(RefreshTokenEntity)
      .findOne({ where: { tokenHash: hash(refreshToken) } });
    if (stored) await this.revokeFamily(stored.familyId);
  }

  /** Ends every session of an account (a new password): each family, in the caller's transaction. */
  async revokeAll(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(
      RefreshTokenEntity,
      { userId, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.dataSource
      .getRepository(RefreshTokenEntity)
      .update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
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
      { id: account.id, role: account.role, email: account.email },
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
