import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { enqueue } from '@jibs/events';
import { currentRequestId } from '@jibs/observability';
import { MemberEntity } from './member.entity';
import { membershipOf } from './membership-rules';

export const EVENT_SOURCE = 'jibs/billing';

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
