import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import {
  DomainError,
  fieldErrorsOf,
  Messages,
  passwordResetRequestSchema,
  RESET_LINK_TTL_MINUTES,
  resetPasswordSchema,
} from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { BackgroundTasks } from '../outgoing/background-tasks';
import { accountMail, accountText } from '../outgoing/account-mail';
import { OutgoingMessages } from '../outgoing/outgoing-messages';
import { hashOpaqueToken, newOpaqueToken } from '../security/opaque-token';
import { SessionsService } from '../sessions/sessions.service';
import { SignInChallengeEntity } from '../sessions/sign-in-challenge.entity';
import { ThrottleRules } from '../throttling/throttle-rules';
import { ThrottleService } from '../throttling/throttle.service';
import { PasswordResetTokenEntity } from './password-reset-token.entity';

/** 'Forgot your password': a single-use link by email, then a new password that ends every session. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly background: BackgroundTasks,
    private readonly outgoing: OutgoingMessages,
    private readonly passwords: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Always true for a well-formed email. Looking the account up, storing the token and
   * sending the link happen after the answer, so neither the answer nor its timing tells
   * whether an account exists.
   */
  async request(input: unknown, address: string): Promise<true> {
    const parsed = passwordResetRequestSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const { email } = parsed.data;
    await this.throttle.reserve(
      { rule: ThrottleRules.resetByEmail, key: email },
      { rule: ThrottleRules.resetByAddress, key: address },
    );
    this.background.run('password reset link', () => this.sendLink(email));
    return true;
  }

  /** Sets the new password, uses up the link and revokes every session of the account. */
  async reset(input: unknown): Promise<true> {
    const parsed = resetPasswordSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const tokenHash = hashOpaqueToken(parsed.data.token);
    const invalid = () => DomainError.badInput({ token: Messages.resetLinkInvalid });
    const link = await this.dataSource
      .getRepository(PasswordResetTokenEntity)
      .createQueryBuilder('link')
      .where('link.tokenHash = :tokenHash AND link.usedAt IS NULL AND link.expiresAt > now()', {
        tokenHash,
      })
      .getOne();
    if (!link) throw invalid();
    const passwordHash = await this.passwords.hash(parsed.data.password);
    const account = await this.dataSource.transaction(async (manager) => {
      const used = await manager
        .createQueryBuilder()
        .update(PasswordResetTokenEntity)
        .set({ usedAt: () => 'now()' })
        .where('id = :id AND used_at IS NULL AND expires_at > now()', { id: link.id })
        .execute();
      if (!used.affected) throw invalid();
      await manager.update(AccountEntity, { id: link.userId }, { passwordHash });
      // Whoever held the old password loses every way in: sessions, half-done sign-ins, links.
      await this.sessions.revokeAll(manager, link.userId);
      await manager.update(
        SignInChallengeEntity,
        { userId: link.userId, consumedAt: IsNull() },
        { consumedAt: new Date() },
      );
      await manager.delete(PasswordResetTokenEntity, { userId: link.userId, usedAt: IsNull() });
      return manager.findOne(AccountEntity, { where: { id: link.userId } });
    });
    if (!account) throw invalid();
    await this.sessions.revoked();
    await this.throttle.clear(ThrottleRules.signInByEmail, account.email);
    this.outgoing.emailInBackground(
      accountMail(account.language, account.email, account.firstName, 'passwordChangedSubject', [
        accountText(account.language, 'passwordChangedBody'),
        accountText(account.language, 'passwordChangedIfNot'),
      ]),
      'password changed notice',
    );
    return true;
  }

  private async sendLink(email: string): Promise<void> {
    const account = await this.accounts.byEmail(email);
    if (!account) return;
    const { token, hash } = newOpaqueToken();
    await this.dataSource.transaction(async (manager) => {
      // Only the newest link works.
      await manager.delete(PasswordResetTokenEntity, { userId: account.id, usedAt: IsNull() });
      await manager.query(
        `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [account.id, hash, RESET_LINK_TTL_MINUTES],
      );
    });
    const link = `${this.config.PUBLIC_ORIGIN}/reset-password?token=${encodeURIComponent(token)}`;
    await this.outgoing.email(
      accountMail(account.language, account.email, account.firstName, 'resetSubject', [
        accountText(account.language, 'resetBody'),
        link,
        accountText(account.language, 'resetIgnore'),
      ]),
    );
  }
}
