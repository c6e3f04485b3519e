import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DomainError,
  Messages,
  Role,
  SecondFactorMessages,
  secondFactorAnswerSchema,
} from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { accountMail, accountText } from '../outgoing/account-mail';
import { OutgoingMessages } from '../outgoing/outgoing-messages';
import { SessionsService } from '../sessions/sessions.service';
import { ThrottleRules } from '../throttling/throttle-rules';
import { ThrottleService } from '../throttling/throttle.service';
import { TotpCredentialEntity } from '../verification/totp-credential.entity';
import { TotpService } from '../verification/totp.service';
import { VerificationService } from '../verification/verification.service';
import { RecoveryCodes } from './recovery-codes';

/** The caller of a change: the account, and the session to keep signed in. */
export interface Caller {
  id: string;
  sessionId?: string;
}

export interface SecondFactorChanged {
  account: AccountEntity;
  /** Shown once: a new set when the account had no second factor before; else empty. */
  recoveryCodes: string[];
}

const hasSecondFactor = (account: AccountEntity) =>
  account.totpEnabledAt !== null || account.smsSignInEnabledAt !== null;

/**
 * A member's second factor at sign-in, from the profile (and step 2 of the wizard): an
 * authenticator app, codes by text message to a verified phone, and recovery codes. Turning one
 * on needs the signed-in session and a proof of the factor (the app's code; the phone was
 * proven by a texted code); turning one off, or making new recovery codes, needs the password
 * too. Every change signs out the account's other sessions and emails the member.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordHasher,
    private readonly totp: TotpService,
    private readonly verification: VerificationService,
    private readonly recovery: RecoveryCodes,
    private readonly throttle: ThrottleService,
    private readonly sessions: SessionsService,
    private readonly outgoing: OutgoingMessages,
  ) {}

  /** Confirms the authenticator set up by setupTotp with its current code. */
  async enableAuthenticator(caller: Caller, code: unknown): Promise<SecondFactorChanged> {
    const before = await this.account(caller.id);
    const { account, also } = await this.verification.activateTotp(caller.id, code, (manager) =>
      hasSecondFactor(before) ? Promise.resolve([]) : this.recovery.replace(manager, caller.id),
    );
    await this.changed(account, caller, 'securityTotpOn');
    return { account, recoveryCodes: also ?? [] };
  }

  /** Needs the password and a code from the app (or a recovery code, for a lost phone). */
  async disableAuthenticator(
    caller: Caller,
    currentPassword: string | null | undefined,
    code: unknown,
  ): Promise<AccountEntity> {
    const account = await this.account(caller.id);
    if (account.role === Role.ADMIN) {
      throw DomainError.badInput({ code: SecondFactorMessages.adminKeepsAuthenticator });
    }
    if (!account.totpEnabledAt) {
      throw DomainError.badInput({ code: SecondFactorMessages.authenticatorNotOn });
    }
    const answer = this.parseAnswer(code);
    await this.checkPassword(account, currentPassword);
    await this.withProof(account, answer, async (manager) => {
      await manager.delete(TotpCredentialEntity, { userId: account.id });
      await manager.update(AccountEntity, { id: account.id }, { totpEnabledAt: null });
      if (!account.smsSignInEnabledAt) await this.recovery.clear(manager, account.id);
    });
    const after = await this.account(caller.id);
    await this.changed(after, caller, 'securityTotpOff');
    return after;
  }

  /** Sign-in codes by text message, to the verified phone. */
  async enableSms(caller: Caller): Promise<SecondFactorChanged> {
    if (!this.outgoing.smsAvailable) {
      throw DomainError.badInput({ phone: SecondFactorMessages.smsUnavailable });
    }
    const account = await this.account(caller.id);
    if (!account.phone) {
      throw DomainError.badInput({ phone: SecondFactorMessages.phoneNumberNeeded });
    }
    if (!account.phoneVerifiedAt) {
      throw DomainError.badInput({ phone: SecondFactorMessages.phoneNotVerified });
    }
    if (account.smsSignInEnabledAt) return { account, recoveryCodes: [] };
    const recoveryCodes = await this.dataSource.transaction(async (manager) => {
      // Only while the number is the verified one (a concurrent change clears it).
      const enabled = await manager
        .createQueryBuilder()
        .update(AccountEntity)
        .set({ smsSignInEnabledAt: () => 'now()' })
        .where(
          'id = :id AND phone_verified_at IS NOT NULL AND phone = :phone AND sms_sign_in_enabled_at IS NULL',
          { id: account.id, phone: account.phone },
        )
        .execute();
      if (!enabled.affected) {
        throw DomainError.badInput({ phone: SecondFactorMessages.phoneNotVerified });
      }
      return hasSecondFactor(account) ? [] : this.recovery.replace(manager, account.id);
    });
    const after = await this.account(caller.id);
    await this.changed(after, caller, 'securitySmsOn');
    return { account: after, recoveryCodes };
  }

  async disableSms(
    caller: Caller,
    currentPassword: string | null | undefined,
  ): Promise<AccountEntity> {
    const account = await this.account(caller.id);
    if (!account.smsSignInEnabledAt) {
      throw DomainError.badInput({ currentPassword: SecondFactorMessages.smsNotOn });
    }
    await this.checkPassword(account, currentPassword);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(AccountEntity, { id: account.id }, { smsSignInEnabledAt: null });
      if (!account.totpEnabledAt) await this.recovery.clear(manager, account.id);
    });
    const after = await this.account(caller.id);
    await this.changed(after, caller, 'securitySmsOff');
    return after;
  }

  /** A new set of recovery codes; the earlier ones stop working. */
  async newRecoveryCodes(
    caller: Caller,
    currentPassword: string | null | undefined,
  ): Promise<string[]> {
    const account = await this.account(caller.id);
    if (!hasSecondFactor(account)) {
      throw DomainError.badInput({ currentPassword: SecondFactorMessages.noSecondFactor });
    }
    await this.checkPassword(account, currentPassword);
    const codes = await this.dataSource.transaction((manager) =>
      this.recovery.replace(manager, account.id),
    );
    await this.changed(account, caller, 'securityRecoveryCodes');
    return codes;
  }

  private parseAnswer(input: unknown) {
    const parsed = secondFactorAnswerSchema.safeParse(input);
    if (!parsed.success) {
      throw DomainError.badInput({
        code: parsed.error.issues[0]?.message ?? Messages.verificationCodeFormat,
      });
    }
    return parsed.data;
  }

  /**
   * Runs `change` in one transaction with the use of the proof: the app's code (a time step
   * used once) or a recovery code (used once). A wrong proof counts as a failed sign-in.
   */
  private async withProof(
    account: AccountEntity,
    answer: ReturnType<SecondFactorService['parseAnswer']>,
    change: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    const attempt = await this.throttle.reserve({
      rule: ThrottleRules.signInByEmail,
      key: account.email,
    });
    const match =
      answer.kind === 'code' ? await this.totp.matchActive(account.id, answer.code) : null;
    const accepted = await this.dataSource.transaction(async (manager) => {
      const used =
        answer.kind === 'recovery'
          ? await this.recovery.consume(manager, account.id, answer.code)
          : !!match && (await this.totp.recordUse(manager, account.id, match));
      if (!used) return false;
      await change(manager);
      return true;
    });
    if (!accepted) throw DomainError.badInput({ code: Messages.verificationCodeInvalid });
    await attempt.release();
  }

  /** The password, throttled as sign-ins are: a wrong one keeps its slot. */
  private async checkPassword(
    account: AccountEntity,
    currentPassword: string | null | undefined,
  ): Promise<void> {
    if (!currentPassword) {
      throw DomainError.badInput({ currentPassword: SecondFactorMessages.passwordRequired });
    }
    const attempt = await this.throttle.reserve({
      rule: ThrottleRules.signInByEmail,
      key: account.email,
    });
    if (!(await this.passwords.verify(account.passwordHash, currentPassword))) {
      throw DomainError.badInput({ currentPassword: SecondFactorMessages.passwordInvalid });
    }
    await attempt.release();
  }

  /** Every other session ends, and the member is told (an essential email). */
  private async changed(
    account: AccountEntity,
    caller: Caller,
    what:
      | 'securityTotpOn'
      | 'securityTotpOff'
      | 'securitySmsOn'
      | 'securitySmsOff'
      | 'securityRecoveryCodes',
  ): Promise<void> {
    await this.sessions.revokeOthers(account.id, caller.sessionId);
    const { language } = account;
    this.outgoing.emailInBackground(
      accountMail(language, account.email, account.firstName, 'securitySubject', [
        accountText(language, what),
        accountText(language, 'securityOthersSignedOut'),
        accountText(language, 'ifNotYou'),
      ]),
      'sign-in security changed notice',
    );
  }

  private async account(userId: string): Promise<AccountEntity> {
    const account = await this.accounts.byId(userId);
    if (!account) throw DomainError.unauthenticated();
    return account;
  }
}
