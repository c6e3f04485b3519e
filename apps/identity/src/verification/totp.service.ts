import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { DataSource, type EntityManager } from 'typeorm';
import { VerificationMethod } from '@jibs/domain';
import { LOGGER, type Logger } from '@jibs/observability';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { SecretBox } from '../security/secret-box';
import { TotpCredentialEntity } from './totp-credential.entity';

export const TOTP_ISSUER = 'JIBS';
// One 30-second step either side: a phone clock a little off, or a code typed at the turn.
const TOLERANCE_SECONDS = 30;

export interface TotpSetup {
  qrCodeDataUrl: string;
  manualEntryKey: string;
  otpauthUrl: string;
}

/** A code from the app that matched: the secret as stored (sealed), and the code's time step. */
export interface TotpMatch {
  stored: string;
  timeStep: number;
}

/** Seals authenticator secrets at rest; provided from TOTP_ENCRYPTION_KEY. */
export const TOTP_SECRET_BOX = Symbol('TOTP_SECRET_BOX');

/**
 * Authenticator apps (RFC 6238: SHA-1, 6 digits, 30 s), through otplib. Secrets are stored
 * sealed (AES-256-GCM, bound to the account) and opened only to check a code.
 */
@Injectable()
export class TotpService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    @Inject(TOTP_SECRET_BOX) private readonly box: SecretBox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const sealed = await this.sealLegacySecrets();
    if (sealed) this.logger.info({ sealed }, 'sealed authenticator secrets stored in the clear');
  }

  private get credentials() {
    return this.dataSource.getRepository(TotpCredentialEntity);
  }

  /**
   * A new secret, pending until confirmed with a code. The QR image is drawn here, never by
   * a third-party service (it carries the secret).
   */
  async beginSetup(account: AccountEntity): Promise<TotpSetup> {
    const secret = generateSecret();
    await this.credentials.upsert(
      { userId: account.id, pendingSecret: this.box.seal(secret, account.id) },
      ['userId'],
    );
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
    // The used time steps belong to the active secret; a new one has used none.
    return this.match(userId, credential.pendingSecret, code, null);
  }

  async hasPending(userId: string): Promise<boolean> {
    return !!(await this.credentials.findOne({ where: { userId } }))?.pendingSecret;
  }

  /** The active secret's code, or null; a code of an already used time step never matches. */
  async matchActive(userId: string, code: string): Promise<TotpMatch | null> {
    const credential = await this.credentials.findOne({ where: { userId } });
    if (!credential?.secret) return null;
    return this.match(userId, credential.secret, code, credential.lastTimeStep);
  }

  /**
   * Makes a matched pending secret the active one, enables the authenticator and, if this is
   * the account's first proof, marks it verified. False when another request got there first.
   */
  async activate(manager: EntityManager, userId: string, match: TotpMatch): Promise<boolean> {
    const activated = await manager
      .createQueryBuilder()
      .update(TotpCredentialEntity)
      .set({ secret: match.stored, pendingSecret: null, lastTimeStep: match.timeStep })
      .where('user_id = :userId AND pending_secret = :stored', { userId, stored: match.stored })
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
        'user_id = :userId AND secret = :stored AND (last_time_step IS NULL OR last_time_step < :step)',
        { userId, stored: match.stored, step: match.timeStep },
      )
      .execute();
    return !!recorded.affected;
  }

  /**
   * Seals secrets stored before they were sealed (the first boot after the upgrade); each row
   * is rewritten only if it still holds the plain value read. Returns how many were sealed.
   */
  async sealLegacySecrets(): Promise<number> {
    const rows = await this.credentials
      .createQueryBuilder('c')
      .where("c.secret NOT LIKE 'v1.%' OR c.pending_secret NOT LIKE 'v1.%'")
      .getMany();
    let sealed = 0;
    for (const row of rows) {
      const seal = (value: string | null) =>
        value && !SecretBox.isSealed(value) ? this.box.seal(value, row.userId) : value;
      const updated = await this.credentials
        .createQueryBuilder()
        .update(TotpCredentialEntity)
        .set({ secret: seal(row.secret), pendingSecret: seal(row.pendingSecret) })
        .where(
          'user_id = :userId AND secret IS NOT DISTINCT FROM :secret AND pending_secret IS NOT DISTINCT FROM :pending',
          { userId: row.userId, secret: row.secret, pending: row.pendingSecret },
        )
        .execute();
      sealed += updated.affected ?? 0;
    }
    return sealed;
  }

  private async match(
    userId: string,
    stored: string,
    code: string,
    lastTimeStep: number | null,
  ): Promise<TotpMatch | null> {
    let secret: string;
    try {
      secret = this.box.open(stored, userId);
    } catch {
      // Sealed under another key, or altered: no code can match it. The operator needs to know.
      this.logger.warn(
        { userId },
        'an authenticator secret could not be opened: was TOTP_ENCRYPTION_KEY changed?',
      );
      return null;
    }
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
    });
    // The TOTP strategy's result carries the matched time step (HOTP's would not).
    return result.valid && 'timeStep' in result ? { stored, timeStep: result.timeStep } : null;
  }
}
