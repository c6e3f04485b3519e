import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DomainError,
  fieldErrorsOf,
  Messages,
  Role,
  secondFactorAnswerSchema,
  SIGN_IN_CHALLENGE_TTL_MINUTES,
  signInSchema,
  type SecondFactorAnswer,
} from '@jibs/domain';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { accountMail, accountText } from '../outgoing/account-mail';
import { OutgoingMessages } from '../outgoing/outgoing-messages';
import { RecoveryCodes } from '../second-factor/recovery-codes';
import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from '../security/one-time-code';
import { hashOpaqueToken, newOpaqueToken } from '../security/opaque-token';
import { ThrottleRules } from '../throttling/throttle-rules';
import { ThrottleService, type Reservation } from '../throttling/throttle.service';
import { TotpService, type TotpSetup } from '../verification/totp.service';
import { SignInChallengeKind } from './sign-in-challenge-kind';
import { SignInChallengeEntity } from './sign-in-challenge.entity';
import { SessionsService, type IssuedSession } from './sessions.service';

export interface IssuedChallenge {
  kind: SignInChallengeKind;
  token: string;
  expiresAt: Date;
}

/** The second step's answer: a 6-digit code or a recovery code, else the product's message. */
function parseAnswer(input: unknown): SecondFactorAnswer {
  const parsed = secondFactorAnswerSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw DomainError.badInput({
    code: parsed.error.issues[0]?.message ?? Messages.verificationCodeFormat,
  });
}

export type SignInOutcome =
  { session: IssuedSession; challenge?: never } | { challenge: IssuedChallenge; session?: never };

/**
 * Password sign-in, and its second step for accounts with a second factor (an authenticator,
 * or codes texted to a verified phone; recovery codes stand in for either) and for admins, who
 * must have an authenticator. Throttled per account email and per client address: every attempt takes a
 * slot before the password or code is checked, a right answer gives it back, and a session
 * clears the account's failures. So the sixth try in the window is refused even with the
 * right password, and the answer never says whether it was right.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly totp: TotpService,
    private readonly throttle: ThrottleService,
    private readonly recovery: RecoveryCodes,
    private readonly outgoing: OutgoingMessages,
  ) {}

  async signIn(input: unknown, address: string): Promise<SignInOutcome> {
    const parsed = signInSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const { email, password } = parsed.data;
    const attempt = await this.reserve(email, address);
    // A wrong password keeps its slot: that is the failure being counted.
    const account = await this.accounts.authenticate(email, password);
    await attempt.release();
    if (account.totpEnabledAt) {
      return { challenge: await this.challenge(account, SignInChallengeKind.TOTP_CODE) };
    }
    if (account.smsSignInEnabledAt && account.phoneVerifiedAt && account.phone) {
      return { challenge: await this.smsChallenge(account) };
    }
    if (account.role === Role.ADMIN) {
      return { challenge: await this.challenge(account, SignInChallengeKind.TOTP_ENROLLMENT) };
    }
    return { session: await this.startSession(account) };
  }

  /** The authenticator secret and QR for a TOTP_ENROLLMENT challenge. */
  async startTotpEnrollment(challengeToken: string): Promise<TotpSetup> {
    const { challenge, account } = await this.liveChallenge(challengeToken);
    if (challenge.kind !== SignInChallengeKind.TOTP_ENROLLMENT) {
      throw DomainError.unauthenticated(Messages.challengeInvalid);
    }
    return this.totp.beginSetup(account);
  }

  /**
   * The challenge's code (or, for a member's second factor, a recovery code): a session, once.
   * Wrong codes count as failed sign-ins.
   */
  async completeSignIn(
    challengeToken: string,
    codeInput: unknown,
    address: string,
  ): Promise<IssuedSession> {
    const answer = parseAnswer(codeInput);
    const { challenge, account } = await this.liveChallenge(challengeToken);
    const attempt = await this.reserve(account.email, address);
    const accepted = await this.dataSource.transaction(async (manager) => {
      if (!(await this.accept(manager, challenge, answer))) return false;
      const consumed = await manager
        .createQueryBuilder()
        .update(SignInChallengeEntity)
        .set({ consumedAt: () => 'now()' })
        .where('id = :id AND consumed_at IS NULL AND expires_at > now()', { id: challenge.id })
        .execute();
      // Used or expired meanwhile: nothing of this transaction may stay.
      if (!consumed.affected) throw DomainError.unauthenticated(Messages.challengeInvalid);
      return true;
    });
    if (!accepted) throw DomainError.badInput({ code: Messages.verificationCodeInvalid });
    await attempt.release();
    const current = await this.accounts.byId(account.id);
    if (!current) throw DomainError.unauthenticated(Messages.challengeInvalid);
    if (answer.kind === 'recovery') await this.recoveryCodeUsed(current);
    return this.startSession(current);
  }

  private async accept(
    manager: EntityManager,
    challenge: SignInChallengeEntity,
    answer: SecondFactorAnswer,
  ): Promise<boolean> {
    if (challenge.kind === SignInChallengeKind.TOTP_ENROLLMENT) {
      // An admin setting up the app proves it with its code; there are no recovery codes yet.
      if (answer.kind !== 'code') return false;
      const match = await this.totp.matchPending(challenge.userId, answer.code);
      return !!match && this.totp.activate(manager, challenge.userId, match);
    }
    if (answer.kind === 'recovery') {
      return this.recovery.consume(manager, challenge.userId, answer.code);
    }
    if (challenge.kind === SignInChallengeKind.SMS_CODE) {
      return !!challenge.codeHash && oneTimeCodeMatches(answer.code, challenge.codeHash);
    }
    const match = await this.totp.matchActive(challenge.userId, answer.code);
    return !!match && this.totp.recordUse(manager, challenge.userId, match);
  }

  /** A challenge whose code is texted to the verified phone now (sends are limited per hour). */
  private async smsChallenge(account: AccountEntity): Promise<IssuedChallenge> {
    await this.throttle.reserve({ rule: ThrottleRules.verificationSends, key: account.id });
    const code = newOneTimeCode();
    const issued = await this.challenge(
      account,
      SignInChallengeKind.SMS_CODE,
      hashOneTimeCode(code),
    );
    await this.outgoing.sms({
      to: account.phone!,
      text: accountText(account.language, 'signInCodeText', {
        code,
        minutes: SIGN_IN_CHALLENGE_TTL_MINUTES,
      }),
    });
    return issued;
  }

  private async recoveryCodeUsed(account: AccountEntity): Promise<void> {
    const left = await this.recovery.unused(account.id);
    const { language } = account;
    this.outgoing.emailInBackground(
      accountMail(language, account.email, account.firstName, 'recoverySubject', [
        left === 1
          ? accountText(language, 'recoveryUsedOneLeft')
          : accountText(language, 'recoveryUsed', { left }),
        accountText(language, 'recoveryIfNot'),
      ]),
      'recovery code used notice',
    );
  }

  private async startSession(account: AccountEntity): Promise<IssuedSession> {
    await this.throttle.clear(ThrottleRules.signInByEmail, account.email);
    return this.sessions.start(account);
  }

  private reserve(email: string, address: string): Promise<Reservation> {
    return this.throttle.reserve(
      { rule: ThrottleRules.signInByEmail, key: email },
      { rule: ThrottleRules.signInByAddress, key: address },
    );
  }

  private async challenge(
    account: AccountEntity,
    kind: SignInChallengeKind,
    codeHash: string | null = null,
  ): Promise<IssuedChallenge> {
    const { token, hash } = newOpaqueToken();
    const [row] = (await this.dataSource.query(
      `INSERT INTO sign_in_challenges (user_id, kind, token_hash, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))
       RETURNING expires_at`,
      [account.id, kind, hash, codeHash, SIGN_IN_CHALLENGE_TTL_MINUTES],
    )) as { expires_at: Date }[];
    return { kind, token, expiresAt: row!.expires_at };
  }

  private async liveChallenge(
    token: string,
  ): Promise<{ challenge: SignInChallengeEntity; account: AccountEntity }> {
    const challenge = await this.dataSource
      .getRepository(SignInChallengeEntity)
      .createQueryBuilder('challenge')
      .where('challenge.tokenHash = :hash', { hash: hashOpaqueToken(token) })
      .andWhere('challenge.consumedAt IS NULL AND challenge.expiresAt > now()')
      .getOne();
    const account = challenge && (await this.accounts.byId(challenge.userId));
    if (!challenge || !account) throw DomainError.unauthenticated(Messages.challengeInvalid);
    return { challenge, account };
  }
}
