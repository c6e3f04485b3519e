import { Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { DataSource, type EntityManager } from 'typeorm';
import { VerificationMethod } from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { TotpCredentialEntity } from './totp-credential.entity';

export const TOTP_ISSUER = 'JIBS';
// One 30-second step either side: a phone clock a little off, or a code typed at the turn.
const TOLERANCE_SECONDS = 30;

export interface TotpSetup {
  qrCodeDataUrl: string;
  manualEntryKey: string;
  otpauthUrl: string;
}

/** A code from the app that matched, and the time step it belongs to. */
export interface TotpMatch {
  secret: string;
  timeStep: number;
}

/** Authenticator apps (RFC 6238: SHA-1, 6 digits, 30 s), through otplib. */
@Injectable()
export class TotpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
  ) {}

  private get credentials() {
    return this.dataSource.getRepository(TotpCredentialEntity);
  }

  /**
   * A new secret, pending until confirmed with a code. The QR image is drawn here, never by
   * a third-party service (it carries the secret).
   */
  async beginSetup(account: AccountEntity): Promise<TotpSetup> {
    const secret = generateSecret();
    await this.credentials.upsert({ userId: account.id, pendingSecret: secret }, ['userId']);
    const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: account.email, secret });
    return {
      qrCodeDataUrl: await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 }),
      manualEntryKey: secret,
      otpauthUrl,
    };
  }

  /** The pending secret's code, or null (no pending secret, or a wrong code). */
  async matchPending(userId: string, code: string): Promise<TotpMatch | null> {
    const credential = await this.credentials.findOne({ where: { userId } });
    if (!credential?.pendingSecret) return null;
    return this.match(credential.pendingSecret, code, credential.lastTimeStep);
  }

  async hasPending(userId: string): Promise<boolean> {
    return !!(await this.credentials.findOne({ where: { userId } }))?.pendingSecret;
  }

  /** The active secret's code, or null; a code of an already used time step never matches. */
  async matchActive(userId: string, code: string): Promise<TotpMatch | null> {
    const credential = await this.credentials.findOne({ where: { userId } });
    if (!credential?.secret) return null;
    return this.match(credential.secret, code, credential.lastTimeStep);
  }

  /**
   * Makes a matched pending secret the active one, enables the authenticator and, if this is
   * the account's first proof, marks it verified. False when another request got there first.
   */
  async activate(manager: EntityManager, userId: string, match: TotpMatch): Promise<boolean> {
    const activated = await manager
      .createQueryBuilder()
      .update(TotpCredentialEntity)
      .set({ secret: match.secret, pendingSecret: null, lastTimeStep: match.timeStep })
      .where('user_id = :userId AND pending_secret = :secret', { userId, secret: match.secret })
      .execute();
    if (!activated.affected) return false;
    await manager.update(AccountEntity, { id: userId }, { totpEnabledAt: () => 'now()' });
    await this.accounts.markVerified(manager, userId, VerificationMethod.TOTP);
    return true;
  }

  /** Records the time step of an accepted code; false if it (or a later one) was used already. */
  async recordUse(manager: EntityManager, userId: string, match: TotpMatch): Promise<boolean> {
    const recorded = await manager
      .createQueryBuilder()
      .update(TotpCredentialEntity)
      .set({ lastTimeStep: match.timeStep })
      .where(
        'user_id = :userId AND secret = :secret AND (last_time_step IS NULL OR last_time_step < :step)',
        { userId, secret: match.secret, step: match.timeStep },
      )
      .execute();
    return !!recorded.affected;
  }

  private async match(
    secret: string,
    code: string,
    lastTimeStep: number | null,
  ): Promise<TotpMatch | null> {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
    });
    // The TOTP strategy's result carries the matched time step (HOTP's would not).
    return result.valid && 'timeStep' in result ? { secret, timeStep: result.timeStep } : null;
  }
}
