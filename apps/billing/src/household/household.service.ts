import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CheckoutKind,
  DomainError,
  HouseholdMessages,
  isFeeBearing,
  MAX_HOUSEHOLD_MEMBERS,
  MemberFeeStatus,
  Relationship,
  memberFee,
  quoteRegistration,
  validateHousehold,
  validateHouseholdMember,
  type FeeQuote,
  type HouseholdMemberDraft,
  type ValidHouseholdMember,
  isUuid,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { LOGGER, type Logger } from '@jibs/observability';
import { expireAtProvider, expireOpenCheckouts } from '../checkout/open-checkouts';
import { MembersService } from '../membership/members.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../provider/payment-provider';
import { FeeSettingsService } from '../settings/fee-settings.service';
import { HouseholdMemberEntity } from './household-member.entity';

/** A member's household: who is in it and what each one costs. */
@Injectable()
export class HouseholdService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly settings: FeeSettingsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly events: EventPublisher,
  ) {}

  list(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<HouseholdMemberEntity[]> {
    return manager.find(HouseholdMemberEntity, {
      where: { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async own(userId: string, id: string, manager: EntityManager = this.dataSource.manager) {
    const row = isUuid(id) ? await manager.findOneBy(HouseholdMemberEntity, { id, userId }) : null;
    if (!row) throw DomainError.notFound('Household member not found');
    return row;
  }

  /** The registration fee for the stored household, from the current settings. */
  async quote(userId: string): Promise<FeeQuote> {
    const [members, settings] = await Promise.all([this.list(userId), this.settings.current()]);
    return quoteRegistration(members, settings);
  }

  /**
   * Registration step 3: replaces the household while the registration fee is unpaid. A
   * registration checkout still open priced the old household: it is expired (here and at the
   * provider), and the next start prices the new one.
   */
  async save(
    userId: string,
    input: { members?: HouseholdMemberDraft[] | null; sameAddressCertified?: boolean | null },
  ): Promise<HouseholdMemberEntity[]> {
    const result = validateHousehold(input);
    if (!result.ok)
      throw DomainError.badInput(result.fieldErrors, Object.values(result.fieldErrors)[0]);
    const { saved, stale } = await this.dataSource.transaction(async (manager) => {
      const member = await this.members.lock(manager, userId);
      if (member.registrationFeePaid)
        throw DomainError.conflict(HouseholdMessages.registrationAlreadyPaid);
      const settings = await this.settings.current(manager);
      const stale = await expireOpenCheckouts(manager, userId, { kind: CheckoutKind.REGISTRATION });
      await manager.delete(HouseholdMemberEntity, { userId });
      const listedAt = Date.now();
      const rows = result.value.map((valid, index) =>
        manager.create(HouseholdMemberEntity, {
          ...this.fields(userId, valid),
          // Apart by a millisecond each, so the list keeps the order the member gave.
          createdAt: new Date(listedAt + index),
          feeStatus: isFeeBearing(valid) ? MemberFeeStatus.IN_REGISTRATION : MemberFeeStatus.NO_FEE,
          fee: memberFee(valid, settings),
        }),
      );
      return { saved: rows.length ? await manager.save(rows) : rows, stale };
    });
    await expireAtProvider(this.provider, stale, this.logger);
    return saved;
  }

  /** From the profile, after registration: the member's fee (if any) is then due. */
  async add(
    userId: string,
    draft: HouseholdMemberDraft,
    sameAddressCertified: boolean | null | undefined,
  ): Promise<HouseholdMemberEntity> {
    const result = validateHouseholdMember(draft, 'profile');
    const errors = result.ok ? {} : { ...result.fieldErrors };
    if (!sameAddressCertified)
      errors['sameAddressCertified'] = HouseholdMessages.sameAddressRequired;
    if (!result.ok || Object.keys(errors).length)
      throw DomainError.badInput(
        errors,
        result.ok ? HouseholdMessages.sameAddressRequired : HouseholdMessages.profileFieldsRequired,
      );
    const valid = result.value;
    return this.dataSource.transaction(async (manager) => {
      const member = await this.members.lock(manager, userId);
      if (!member.registrationFeePaid)
        throw DomainError.conflict(HouseholdMessages.registrationRequired);
      const count = await manager.countBy(HouseholdMemberEntity, { userId });
      if (count >= MAX_HOUSEHOLD_MEMBERS)
        throw DomainError.badInput({ members: HouseholdMessages.tooManyMembers });
      const settings = await this.settings.current(manager);
      const fee = memberFee(valid, settings);
      const row = await manager.save(
        manager.create(HouseholdMemberEntity, {
          ...this.fields(userId, valid),
          feeStatus: fee > 0 ? MemberFeeStatus.PAYMENT_DUE : MemberFeeStatus.NO_FEE,
          fee,
        }),
      );
      await this.events.publish(
        manager,
        'household.member_added',
        {
          userId,
          memberId: row.id,
          relationship: valid.relationship,
          firstName: valid.firstName,
          fee,
          dateOfBirth: valid.relationship === Relationship.CHILD ? valid.dateOfBirth : null,
        },
        { subject: userId },
      );
      return row;
    });
  }

  /**
   * Own members only; another member's id is not found and nothing changes. The member's own
   * fee checkout, and a registration checkout that priced them, are expired.
   */
  async remove(userId: string, id: string): Promise<boolean> {
    const stale = await this.dataSource.transaction(async (manager) => {
      await this.members.lock(manager, userId);
      const row = await this.own(userId, id, manager);
      await manager.delete(HouseholdMemberEntity, { id: row.id, userId });
      await this.events.publish(
        manager,
        'household.member_removed',
        { userId, memberId: row.id },
        { subject: userId },
      );
      return [
        ...(await expireOpenCheckouts(manager, userId, { kind: CheckoutKind.REGISTRATION })),
        ...(await expireOpenCheckouts(manager, userId, {
          kind: CheckoutKind.HOUSEHOLD_MEMBER,
          householdMemberId: row.id,
        })),
      ];
    });
    await expireAtProvider(this.provider, stale, this.logger);
    return true;
  }

  private fields(userId: string, valid: ValidHouseholdMember) {
    return {
      userId,
      firstName: valid.firstName,
      lastName: valid.lastName,
      relationship: valid.relationship,
      dateOfBirth: valid.dateOfBirth,
      isWorkingFullTime: valid.isWorkingFullTime,
      isDependentParent: valid.isDependentParent,
    };
  }
}
