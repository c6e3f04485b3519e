import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { MembershipStatus, MISSED_PAYMENTS_LIMIT } from '@jibs/domain';
import { enqueue } from '@jibs/events';
import { currentRequestId } from '@jibs/observability';
import { MemberEntity } from './member.entity';

export const EVENT_SOURCE = 'jibs/billing';

/** What the membership is, from the facts verified payments established. */
export function membershipOf(member: MemberEntity): MembershipStatus {
  if (member.missedPayments >= MISSED_PAYMENTS_LIMIT) return MembershipStatus.INACTIVE;
  if (member.subscriptionEnded) return MembershipStatus.INACTIVE;
  // Active once the registration fee and the first month's dues are both confirmed.
  if (member.registrationFeePaid && member.duesPaid) return MembershipStatus.ACTIVE;
  return MembershipStatus.PENDING;
}

@Injectable()
export class MembersService {
  constructor(private readonly dataSource: DataSource) {}

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

  /** Saves the member and, when the membership changed, says so on the bus. */
  async saveAndRecompute(
    manager: EntityManager,
    member: MemberEntity,
    reason: string,
  ): Promise<void> {
    const from = member.membershipStatus;
    const to = membershipOf(member);
    member.membershipStatus = to;
    await manager.save(member);
    if (from !== to) {
      await enqueue(
        manager,
        'membership.status_changed',
        { userId: member.userId, from, to, reason },
        { source: EVENT_SOURCE, subject: member.userId, requestId: currentRequestId() },
      );
    }
  }
}
