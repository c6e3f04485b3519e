import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { EventPublisher } from '@jibs/events';
import {
  DEFAULT_LANGUAGE,
  DomainError,
  fieldErrorsOf,
  Messages,
  Role,
  SecondFactorMessages,
  signUpSchema,
  toE164,
  updateProfileSchema,
  type SignUpFields,
  type UpdateProfileFields,
  VerificationMethod,
  isUuid,
} from '@jibs/domain';
import { AccountEntity } from './account.entity';
import { PasswordHasher } from './password-hasher';

/** The profile fields a member may change, as stored. */
type ProfileChanges = Partial<
  Pick<
    AccountEntity,
    | 'phone'
    | 'addressLine1'
    | 'addressLine2'
    | 'city'
    | 'state'
    | 'zipCode'
    | 'language'
    | 'showHijri'
  >
>;

@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
    private readonly events: EventPublisher,
  ) {}

  private get accounts() {
    return this.dataSource.getRepository(AccountEntity);
  }

  /** Registration step 1's input, validated, or BAD_USER_INPUT with the product's messages. */
  parseSignUp(input: Partial<SignUpFields>): SignUpFields {
    const parsed = signUpSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    return parsed.data;
  }

  /** A new member account's fields from a validated sign-up (no email, no password). */
  accountFields(data: SignUpFields) {
    return {
      role: Role.MEMBER,
      firstName: data.firstName,
      lastName: data.lastName,
      phone: toE164(data.phone),
      dateOfBirth: data.dateOfBirth,
      addressLine1: data.addressLine1,
      addressLine2: data.addressLine2 || null,
      city: data.city,
      state: data.state,
      zipCode: data.zipCode,
      isUsCitizen: data.isUsCitizen,
      language: data.language ?? DEFAULT_LANGUAGE,
    };
  }

  /**
   * Stores a new account and publishes `user.registered`, inside the caller's transaction.
   * A second account with the same email fails on the unique index (`isUniqueViolation`,
   * @jibs/database).
   */
  async create(manager: EntityManager, fields: Partial<AccountEntity>): Promise<AccountEntity> {
    const account = await manager.save(manager.create(AccountEntity, fields));
    await this.events.publish(
      manager,
      'user.registered',
      {
        userId: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        language: account.language,
      },
      { subject: account.id },
    );
    return account;
  }

  /** The account for these credentials, or an error that does not say which part was wrong. */
  async authenticate(email: string, password: string): Promise<AccountEntity> {
    const account = await this.byEmail(email);
    const valid = await this.passwords.verify(account?.passwordHash, password);
    if (!account || !valid) throw DomainError.unauthenticated(Messages.invalidLogin);
    return account;
  }

  /**
   * Changes the caller's own phone, address, language and Hijri choice (never name, email or
   * date of birth: the schema is strict). Nothing is written when no field changes. A new phone
   * number is unverified; it is refused while sign-in codes go by text message. A new language
   * or Hijri choice is published (`user.language_changed`): notifications writes in it.
   */
  async updateProfile(userId: string, input: UpdateProfileFields): Promise<AccountEntity> {
    const parsed = updateProfileSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const { phone, addressLine2, ...rest } = parsed.data;
    const wanted: ProfileChanges = {
      ...rest,
      ...(phone !== undefined ? { phone: toE164(phone) } : {}),
      ...(addressLine2 !== undefined ? { addressLine2: addressLine2 || null } : {}),
    };
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.findOne(AccountEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!account) throw DomainError.unauthenticated();
      const changes = (Object.keys(wanted) as (keyof ProfileChanges)[]).some(
        (field) => account[field] !== wanted[field],
      );
      if (!changes) return account;
      const newPhone = wanted.phone !== undefined && account.phone !== wanted.phone;
      // Sign-in codes go to the verified number: it cannot move from under them.
      if (newPhone && account.smsSignInEnabledAt) {
        throw DomainError.badInput({ phone: SecondFactorMessages.phoneLockedBySms });
      }
      await manager.update(
        AccountEntity,
        { id: userId },
        { ...wanted, ...(newPhone ? { phoneVerifiedAt: null } : {}) },
      );
      if (newPhone) {
        // A code texted to the old number must not prove the new one.
        await manager.query(`DELETE FROM verification_codes WHERE user_id = $1 AND method = $2`, [
          userId,
          VerificationMethod.SMS,
        ]);
        if (account.phoneVerifiedAt) await this.publishVerifiedPhone(manager, userId);
      }
      const updated = await manager.findOneOrFail(AccountEntity, { where: { id: userId } });
      if (updated.language !== account.language || updated.showHijri !== account.showHijri) {
        await this.events.publish(
          manager,
          'user.language_changed',
          { userId, language: updated.language, showHijri: updated.showHijri },
          { subject: userId },
        );
      }
      return updated;
    });
  }

  /**
   * Registration step 2 is done. Only the first proof counts (and is published as
   * `user.verified`); a later one, e.g. adding an authenticator, changes nothing here. A proof
   * by EMAIL also marks the address verified, whenever it comes.
   */
  async markVerified(
    manager: EntityManager,
    userId: string,
    method: VerificationMethod,
  ): Promise<void> {
    if (method === VerificationMethod.EMAIL) {
      await manager
        .createQueryBuilder()
        .update(AccountEntity)
        .set({ emailVerifiedAt: () => 'now()' })
        .where('id = :userId AND email_verified_at IS NULL', { userId })
        .execute();
    }
    const result = await manager
      .createQueryBuilder()
      .update(AccountEntity)
      .set({ verifiedAt: () => 'now()', verifiedWith: method })
      .where('id = :userId AND verified_at IS NULL', { userId })
      .execute();
    if (!result.affected) return;
    await this.events.publish(manager, 'user.verified', { userId, method }, { subject: userId });
  }

  /** Tells other services the account's verified phone as it now is (null: none verified). */
  async publishVerifiedPhone(manager: EntityManager, userId: string): Promise<void> {
    const account = await manager.findOneOrFail(AccountEntity, { where: { id: userId } });
    const phone = account.phoneVerifiedAt ? account.phone : null;
    await this.events.publish(
      manager,
      'user.verified_phone_changed',
      { userId, phone },
      { subject: userId },
    );
  }

  async byId(id: string): Promise<AccountEntity | null> {
    return isUuid(id) ? this.accounts.findOne({ where: { id } }) : null;
  }

  async byIds(ids: readonly string[]): Promise<AccountEntity[]> {
    const valid = ids.filter((id) => isUuid(id));
    return valid.length ? this.accounts.find({ where: { id: In(valid) } }) : [];
  }

  async byEmail(email: string): Promise<AccountEntity | null> {
    return this.accounts.findOne({ where: { email: email.trim().toLowerCase() } });
  }

  async anyAdminExists(): Promise<boolean> {
    return this.accounts.exists({ where: { role: Role.ADMIN } });
  }
}
