import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Relationship } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { HouseholdMemberEntity } from '../household/household-member.entity';
import { MemberEntity } from './member.entity';
import { membershipOf } from './membership-rules';

@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  find(userId: string): Promise<MemberEntity | null> {
    return this.dataSource.manager.findOneBy(MemberEntity, { userId });
  }

  byIds(userIds: readonly string[]): Promise<MemberEntity[]> {
    return this.dataSource.manager.findBy(MemberEntity, { userId: In([...userIds]) });
  }

  /** The member's row, created when first needed, locked for the rest of the transaction. */
  async lock(manager: EntityManager, userId: string): Promise<MemberEntity> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(MemberEntity)
      .values({ userId })
      .orIgnore()
      .execute();
    return manager.findOneOrFail(MemberEntity, {
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * Saves the member and, when the membership changed, says so on the bus. Every path that pays
   * the registration fee (a checkout's webhook, an admin's offline payment) saves through here:
   * when the stored flag goes from false to true, `membership.registration_paid` is published in
   * the same transaction (once: a second registration payment is flagged and never sets it).
   */
  async saveAndRecompute(
    manager: EntityManager,
    member: MemberEntity,
    reason: string,
  ): Promise<void> {
    const from = member.membershipStatus;
    const to = membershipOf(member);
    member.membershipStatus = to;
    const registrationPaid =
      member.registrationFeePaid && !(await this.storedRegistrationPaid(manager, member.userId));
    await manager.save(member);
    if (registrationPaid) {
      await this.events.publish(
        manager,
        'membership.registration_paid',
        await this.registrationPaidData(manager, member.userId),
        { subject: member.userId },
      );
    }
    if (from !== to) {
      await this.events.publish(
        manager,
        'membership.status_changed',
        { userId: member.userId, from, to, reason },
        { subject: member.userId },
      );
    }
  }

  /**
   * The event's data: the household as registered (for cases' coverage: first names, and
   * children's birth dates), left out when there is none.
   */
  private async registrationPaidData(manager: EntityManager, userId: string) {
    const rows = await manager.find(HouseholdMemberEntity, {
      where: { userId },
      order: { createdAt: 'ASC' },
    });
    if (!rows.length) return { userId };
    return {
      userId,
      household: rows.map((row) => ({
        memberId: row.id,
        relationship: row.relationship,
        firstName: row.firstName,
        dateOfBirth: row.relationship === Relationship.CHILD ? row.dateOfBirth : null,
      })),
    };
  }

  /** The flag as stored (the row is locked by `lock`, so no one changes it meanwhile). */
  private async storedRegistrationPaid(manager: EntityManager, userId: string): Promise<boolean> {
    const rows = (await manager.query(
      'SELECT registration_fee_paid AS paid FROM members WHERE user_id = $1',
      [userId],
    )) as { paid: boolean }[];
    return rows[0]?.paid ?? false;
  }
}
