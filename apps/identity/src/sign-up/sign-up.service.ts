import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '@jibs/database';
import {
  DEFAULT_LANGUAGE,
  DomainError,
  type Language,
  Messages,
  Role,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_MAX_ATTEMPTS,
  VerificationMethod,
  type SignUpFields,
} from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { accountMail, accountText } from '../outgoing/account-mail';
import { OutgoingMessages } from '../outgoing/outgoing-messages';
import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from '../security/one-time-code';
import { hashOpaqueToken, newOpaqueToken } from '../security/opaque-token';
import { signUpByAddress, ThrottleRules } from '../throttling/throttle-rules';
import { ThrottleService } from '../throttling/throttle.service';
import { maskEmail } from '../verification/masking';
import { parseCode } from '../verification/verification.service';
import type { PendingSignUp } from './sign-up-code.entity';

export interface SignUpStarted {
  signUpToken: string;
  sentTo: string;
  expiresAt: Date;
}

/**
 * Registration step 1 without telling anyone whether an email is registered. `start` always
 * answers the same way ('we emailed you a code'), after the same work (the password is hashed
 * either way, the email leaves in the background): a new address gets a code, a registered
 * one gets a notice instead ('someone tried to register with your address'). The account is
 * created by `complete` with the code, which proves the address: its email is verified.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordHasher,
    private readonly throttle: ThrottleService,
    private readonly outgoing: OutgoingMessages,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async start(input: Partial<SignUpFields>, address: string): Promise<SignUpStarted> {
    const data = this.accounts.parseSignUp(input);
    await this.throttle.reserve(
      { rule: ThrottleRules.signUpByEmail, key: data.email },
      { rule: signUpByAddress(this.config.SIGN_UPS_PER_ADDRESS_PER_HOUR), key: address },
    );
    const passwordHash = await this.passwords.hash(data.password);
    const registered = await this.accounts.byEmail(data.email);
    const pending: PendingSignUp | null = registered
      ? null
      : { ...this.accounts.accountFields(data), email: data.email, passwordHash };
    const code = newOneTimeCode();
    const { token, hash } = newOpaqueToken();
    const [row] = (await this.dataSource.query(
      `INSERT INTO sign_up_codes (token_hash, code_hash, pending, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4)) RETURNING expires_at`,
      [hash, hashOneTimeCode(code), pending, VERIFICATION_CODE_TTL_MINUTES],
    )) as { expires_at: Date }[];
    if (registered) this.sendNotice(registered);
    else this.sendCode(data.email, data.firstName, code, data.language ?? DEFAULT_LANGUAGE);
    return { signUpToken: token, sentTo: maskEmail(data.email), expiresAt: row!.expires_at };
  }

  /**
   * The emailed code: creates the account, verified by email, once. Each try counts before
   * the comparison (VERIFICATION_MAX_ATTEMPTS in all), as for verification codes. The same
   * token and code again, before the code expires, give the account made the first time (a
   * completion whose answer was lost can be retried); any other code is refused as before.
   */
  async complete(signUpToken: string, codeInput: unknown): Promise<AccountEntity> {
    const code = parseCode(codeInput);
    const tokenHash = hashOpaqueToken(signUpToken);
    const [attempt] = (await this.dataSource.query(
      `UPDATE sign_up_codes SET attempts = attempts + 1
        WHERE token_hash = $1 AND expires_at > now() AND attempts < $2
        RETURNING id, code_hash, attempts, pending, consumed_at`,
      [tokenHash, VERIFICATION_MAX_ATTEMPTS],
    )) as [
      {
        id: string;
        code_hash: string;
        attempts: number;
        pending: PendingSignUp | null;
        consumed_at: Date | null;
      }[],
      number,
    ];
    const row = attempt[0];
    if (!row) throw await this.deadCodeError(tokenHash);
    // A sign-up for a registered address never completes, whatever the code.
    if (!row.pending || !oneTimeCodeMatches(code, row.code_hash)) {
      throw DomainError.badInput({
        code:
          row.attempts >= VERIFICATION_MAX_ATTEMPTS
            ? Messages.verificationCodeAttempts
            : Messages.verificationCodeInvalid,
      });
    }
    if (row.consumed_at) return this.createdBy(row.id);
    const { passwordHash, email, ...fields } = row.pending;
    try {
      return (
        (await this.dataSource.transaction(async (manager) => {
          // A concurrent completion holds this row until it commits; then this one finds it used.
          const consumed = (await manager.query(
            `UPDATE sign_up_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL`,
            [row.id],
          )) as [unknown, number];
          if (!consumed[1]) return null;
          const account = await this.accounts.create(manager, {
            ...fields,
            role: Role.MEMBER,
            email,
            passwordHash,
          });
          await manager.query(`UPDATE sign_up_codes SET account_id = $2 WHERE id = $1`, [
            row.id,
            account.id,
          ]);
          await this.accounts.markVerified(manager, account.id, VerificationMethod.EMAIL);
          return manager.findOneOrFail(AccountEntity, { where: { id: account.id } });
        })) ?? (await this.createdBy(row.id))
      );
    } catch (error) {
      // Two sign-ups of one address, both confirmed by its owner: the first one made the account.
      if (isUniqueViolation(error)) throw DomainError.badInput({ email: Messages.emailTaken });
      throw error;
    }
  }

  /** The account a completed sign-up made (a retry); gone accounts read as a dead code. */
  private async createdBy(signUpId: string): Promise<AccountEntity> {
    const [made] = (await this.dataSource.query(
      `SELECT account_id FROM sign_up_codes WHERE id = $1`,
      [signUpId],
    )) as { account_id: string | null }[];
    const account = made?.account_id ? await this.accounts.byId(made.account_id) : null;
    if (!account) throw DomainError.badInput({ code: Messages.verificationCodeInvalid });
    return account;
  }

  private async deadCodeError(tokenHash: string): Promise<DomainError> {
    const spent = (await this.dataSource.query(
      `SELECT 1 FROM sign_up_codes
        WHERE token_hash = $1 AND expires_at > now() AND attempts >= $2`,
      [tokenHash, VERIFICATION_MAX_ATTEMPTS],
    )) as unknown[];
    return DomainError.badInput({
      code: spent.length ? Messages.verificationCodeAttempts : Messages.verificationCodeInvalid,
    });
  }

  /** In the language the sign-up was made in. */
  private sendCode(email: string, firstName: string, code: string, language: Language): void {
    this.outgoing.emailInBackground(
      accountMail(language, email, firstName, 'codeSubject', [
        accountText(language, 'codeText', { code, minutes: VERIFICATION_CODE_TTL_MINUTES }),
        accountText(language, 'signUpCodeNext'),
      ]),
      'sign-up code',
    );
  }

  /** In the registered account's language (its owner reads it, not whoever tried). */
  private sendNotice(account: AccountEntity): void {
    const { language } = account;
    this.outgoing.emailInBackground(
      accountMail(language, account.email, account.firstName, 'registeredSubject', [
        accountText(language, 'registeredBody'),
        accountText(language, 'registeredIfYou', { url: `${this.config.PUBLIC_ORIGIN}/login` }),
        accountText(language, 'registeredIfNot'),
      ]),
      'sign-up of a registered address',
    );
  }
}
