import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AccountSecurityMessages,
  DomainError,
  Messages,
  SecondFactorMessages,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
  VerificationMethod,
  verificationCodeSchema,
} from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { accountMail, accountText } from '../outgoing/account-mail';
import { OutgoingMessages } from '../outgoing/outgoing-messages';
import { SessionsService } from '../sessions/sessions.service';
import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from '../security/one-time-code';
import { ThrottleRules } from '../throttling/throttle-rules';
import { ThrottleService } from '../throttling/throttle.service';
import { maskEmail, maskPhone } from './masking';
import { TotpService, type TotpSetup } from './totp.service';
import { VerificationCodeEntity } from './verification-code.entity';

export interface CodeSent {
  method: VerificationMethod;
  sentTo: string;
  expiresAt: Date;
  resendAvailableAt: Date;
}

/** Proof that the caller is the account holder: the password, or a code of the active authenticator. */
export interface CurrentCredential {
  currentPassword?: string | null;
  currentCode?: string | null;
}

/** Parses a typed code, or refuses it with the product's message under `code`. */
export function parseCode(code: unknown): string {
  const parsed = verificationCodeSchema.safeParse(code);
  if (!parsed.success) throw DomainError.badInput({ code: Messages.verificationCodeFormat });
  return parsed.data;
}

/** Registration step 2: a code by email or SMS, or an authenticator app. */
@Injectable()
export class VerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly totp: TotpService,
    private readonly throttle: ThrottleService,
    private readonly outgoing: OutgoingMessages,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Sends a new code, replacing any earlier one. At most one send per
   * VERIFICATION_RESEND_SECONDS and VERIFICATION_SENDS_PER_HOUR per account.
   */
  async sendCode(userId: string, method: VerificationMethod): Promise<CodeSent> {
    if (method === VerificationMethod.TOTP) {
      throw DomainError.badInput({ method: Messages.verificationTotpNoCode });
    }
    if (method === VerificationMethod.SMS && !this.outgoing.smsAvailable) {
      throw DomainError.badInput({ method: SecondFactorMessages.smsUnavailable });
    }
    const account = await this.account(userId);
    if (method === VerificationMethod.SMS && !account.phone) {
      throw DomainError.badInput({ method: AccountSecurityMessages.smsNeedsPhone });
    }
    const reservation = await this.throttle.reserve({
      rule: ThrottleRules.verificationSends,
      key: userId,
    });
    const code = newOneTimeCode();
    const codeHash = hashOneTimeCode(code);
    // Replaces the earlier code only once the resend interval has passed (one atomic step).
    const [stored] = (await this.dataSource.query(
      `INSERT INTO verification_codes (user_id, method, code_hash, sent_at, expires_at, attempts, consumed_at)
       VALUES ($1, $2, $3, now(), now() + make_interval(mins => $4), 0, NULL)
       ON CONFLICT (user_id) DO UPDATE SET
         method = EXCLUDED.method, code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at,
         expires_at = EXCLUDED.expires_at, attempts = 0, consumed_at = NULL
       WHERE verification_codes.sent_at <= now() - make_interval(secs => $5)
       RETURNING sent_at, expires_at`,
      [userId, method, codeHash, VERIFICATION_CODE_TTL_MINUTES, VERIFICATION_RESEND_SECONDS],
    )) as { sent_at: Date; expires_at: Date }[];
    if (!stored) {
      await reservation.release();
      throw DomainError.rateLimited(Messages.verificationResendTooSoon);
    }
    try {
      await this.deliver(account, method, code);
    } catch (error) {
      // Not sent: the code must not block a retry, nor count towards the hourly limit.
      await this.dataSource.getRepository(VerificationCodeEntity).delete({ userId, codeHash });
      await reservation.release();
      throw error;
    }
    const resendAt = new Date(stored.sent_at.getTime() + VERIFICATION_RESEND_SECONDS * 1000);
    const hourly = await this.throttle.nextAllowedAt(ThrottleRules.verificationSends, userId);
    return {
      method,
      sentTo:
        method === VerificationMethod.EMAIL ? maskEmail(account.email) : maskPhone(account.phone!),
      expiresAt: stored.expires_at,
      resendAvailableAt: hourly > resendAt ? hourly : resendAt,
    };
  }

  /**
   * Checks a code sent by sendCode. Each try counts before the comparison, so parallel
   * guesses cannot exceed VERIFICATION_MAX_ATTEMPTS; the last wrong try kills the code.
   */
  async verifyCode(
    userId: string,
    method: VerificationMethod,
    input: unknown,
  ): Promise<AccountEntity> {
    const code = parseCode(input);
    if (method === VerificationMethod.TOTP) {
      throw DomainError.badInput({ method: Messages.verificationTotpNoCode });
    }
    const [attempt] = (await this.dataSource.query(
      `UPDATE verification_codes SET attempts = attempts + 1
        WHERE user_id = $1 AND method = $2 AND consumed_at IS NULL AND expires_at > now()
          AND attempts < $3
        RETURNING code_hash, attempts`,
      [userId, method, VERIFICATION_MAX_ATTEMPTS],
    )) as [{ code_hash: string; attempts: number }[], number];
    const row = attempt[0];
    if (!row) throw await this.deadCodeError(userId, method);
    if (!oneTimeCodeMatches(code, row.code_hash)) {
      throw DomainError.badInput({
        code:
          row.attempts >= VERIFICATION_MAX_ATTEMPTS
            ? Messages.verificationCodeAttempts
            : Messages.verificationCodeInvalid,
      });
    }
    await this.dataSource.transaction(async (manager) => {
      const consumed = await manager
        .createQueryBuilder()
        .update(VerificationCodeEntity)
        .set({ consumedAt: () => 'now()' })
        .where('user_id = :userId AND code_hash = :hash AND consumed_at IS NULL', {
          userId,
          hash: row.code_hash,
        })
        .execute();
      if (!consumed.affected)
        throw DomainError.badInput({ code: Messages.verificationCodeInvalid });
      await this.accounts.markVerified(manager, userId, method);
      // A texted code proves the phone (a change of number deletes codes sent to the old one).
      if (method === VerificationMethod.SMS) {
        await manager.update(AccountEntity, { id: userId }, { phoneVerifiedAt: () => 'now()' });
        await this.accounts.publishVerifiedPhone(manager, userId);
      }
    });
    return this.account(userId);
  }

  /**
   * A new authenticator secret for the signed-in user (inactive until confirmTotp). Replacing
   * an authenticator already in use needs the current password or a current code from it, so
   * a stolen access token cannot take the account's second factor. Wrong proofs count as failed
   * sign-ins of the account.
   */
  async setupTotp(userId: string, proof: CurrentCredential = {}): Promise<TotpSetup> {
    const account = await this.account(userId);
    if (account.totpEnabledAt) await this.checkCurrentCredential(account, proof);
    return this.totp.beginSetup(account);
  }

  /**
   * Confirms the pending authenticator with its current code: enables it, marks verified. When
   * it replaces one in use, every other session of the account ends and the member is told.
   */
  async confirmTotp(userId: string, input: unknown, sessionId?: string): Promise<AccountEntity> {
    const { account, replaced } = await this.activateTotp(userId, input);
    if (replaced) {
      await this.sessions.revokeOthers(userId, sessionId);
      this.outgoing.emailInBackground(
        accountMail(account.language, account.email, account.firstName, 'authenticatorSubject', [
          accountText(account.language, 'authenticatorBody'),
          accountText(account.language, 'ifNotYou'),
        ]),
        'authenticator changed notice',
      );
    }
    return account;
  }

  /**
   * Makes the pending authenticator the active one if `input` is its current code (wrong codes
   * are throttled per account). `alsoWithin` runs in the same transaction, told whether an
   * authenticator was replaced; nothing of it stays if the activation loses a race.
   */
  async activateTotp<T = undefined>(
    userId: string,
    input: unknown,
    alsoWithin?: (manager: EntityManager, replaced: boolean) => Promise<T>,
  ): Promise<{ account: AccountEntity; replaced: boolean; also: T | undefined }> {
    const code = parseCode(input);
    if (!(await this.totp.hasPending(userId))) {
      throw DomainError.badInput({ code: AccountSecurityMessages.totpSetupFirst });
    }
    const reservation = await this.throttle.reserve({
      rule: ThrottleRules.totpConfirm,
      key: userId,
    });
    const replaced = !!(await this.account(userId)).totpEnabledAt;
    const match = await this.totp.matchPending(userId, code);
    const activated =
      match &&
      (await this.dataSource.transaction(async (manager) => {
        if (!(await this.totp.activate(manager, userId, match))) return null;
        return { also: await alsoWithin?.(manager, replaced) };
      }));
    if (!activated) throw DomainError.badInput({ code: Messages.verificationCodeInvalid });
    await reservation.release();
    return { account: await this.account(userId), replaced, also: activated.also };
  }

  private async checkCurrentCredential(
    account: AccountEntity,
    { currentPassword, currentCode }: CurrentCredential,
  ): Promise<void> {
    if (!currentPassword && !currentCode) {
      throw DomainError.badInput({
        currentPassword: AccountSecurityMessages.currentCredentialRequired,
      });
    }
    const attempt = await this.throttle.reserve({
      rule: ThrottleRules.signInByEmail,
      key: account.email,
    });
    let valid = false;
    if (currentCode) {
      const match = await this.totp.matchActive(account.id, currentCode);
      valid =
        !!match &&
        (await this.dataSource.transaction((manager) =>
          this.totp.recordUse(manager, account.id, match),
        ));
    } else if (currentPassword) {
      valid = await this.passwords.verify(account.passwordHash, currentPassword);
    }
    // A wrong proof keeps its slot: a failure counted like a failed sign-in.
    if (!valid) {
      throw DomainError.badInput({
        [currentCode ? 'currentCode' : 'currentPassword']:
          AccountSecurityMessages.currentCredentialInvalid,
      });
    }
    await attempt.release();
  }

  private async deliver(
    account: AccountEntity,
    method: VerificationMethod,
    code: string,
  ): Promise<void> {
    const codeText = accountText(account.language, 'codeText', {
      code,
      minutes: VERIFICATION_CODE_TTL_MINUTES,
    });
    if (method === VerificationMethod.SMS) {
      await this.outgoing.sms({ to: account.phone!, text: codeText });
      return;
    }
    await this.outgoing.email(
      accountMail(account.language, account.email, account.firstName, 'codeSubject', [
        codeText,
        accountText(account.language, 'codeIgnore'),
      ]),
    );
  }

  /** Why no try could be taken: too many wrong tries, or no live code of this method. */
  private async deadCodeError(userId: string, method: VerificationMethod): Promise<DomainError> {
    const live = await this.dataSource.query(
      `SELECT 1 FROM verification_codes
        WHERE user_id = $1 AND method = $2 AND consumed_at IS NULL AND expires_at > now()
          AND attempts >= $3`,
      [userId, method, VERIFICATION_MAX_ATTEMPTS],
    );
    return DomainError.badInput({
      code: live.length ? Messages.verificationCodeAttempts : Messages.verificationCodeInvalid,
    });
  }

  private async account(userId: string): Promise<AccountEntity> {
    const account = await this.accounts.byId(userId);
    if (!account) throw DomainError.unauthenticated();
    return account;
  }
}
