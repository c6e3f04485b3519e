import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import { DomainError, MemorialMessages, latestDateOnEarth, memorySchema } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { NamedMemberEntity } from '@jibs/subgraph';
import {
  MemorialAccess,
  fieldErrorsOf,
  isUuid,
  memorialNotFound,
} from '../access/memorial-access.service';
import { MemorialMemoryEntity } from './memorial-memory.entity';
import type { MemoryRateLimiter } from './memory-rate-limiter';

export const MEMORY_RATE_LIMITER = Symbol('MEMORY_RATE_LIMITER');

/** Shown for a contributor this service has no name for (never their email). */
export const UNKNOWN_CONTRIBUTOR = 'A member';

export type MemoryDecisionValue = 'approved' | 'rejected';

/** Memories: shared by whoever may see a memorial, moderated by its creator and editors. */
@Injectable()
export class MemoriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MemorialAccess,
    private readonly publisher: EventPublisher,
    @Inject(MEMORY_RATE_LIMITER) private readonly rateLimiter: MemoryRateLimiter,
  ) {}

  /** Approved memories, newest first, plus the caller's own that wait or were rejected. */
  async listed(caller: AuthUser | null, memorialId: string): Promise<MemorialMemoryEntity[]> {
    const { memorial } = await this.access.require(caller, memorialId, 'memories');
    const query = this.dataSource.manager
      .createQueryBuilder(MemorialMemoryEntity, 'memory')
      .where('memory.memorialId = :id', { id: memorial.id })
      .orderBy('memory.createdAt', 'DESC')
      .addOrderBy('memory.id', 'DESC');
    if (caller) {
      query.andWhere("(memory.status = 'approved' OR memory.contributorId = :me)", {
        me: caller.id,
      });
    } else {
      query.andWhere("memory.status = 'approved'");
    }
    return query.getMany();
  }

  /** Every memory waiting for approval, oldest first: the moderators' queue. */
  async queue(caller: AuthUser, memorialId: string): Promise<MemorialMemoryEntity[]> {
    const { memorial } = await this.access.require(caller, memorialId, 'moderate');
    return this.dataSource.manager.find(MemorialMemoryEntity, {
      where: { memorialId: memorial.id, status: 'pending' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * Approved at once when the creator shares it; otherwise pending, and `memory.submitted`
   * tells the moderators. Counted against the contributor's hourly limit once valid.
   */
  async add(
    caller: AuthUser,
    memorialId: string,
    input: { title: string; content: string; memoryDate?: string | null },
  ): Promise<MemorialMemoryEntity> {
    const { relation } = await this.access.require(caller, memorialId, 'addMemory');
    const parsed = memorySchema(latestDateOnEarth()).safeParse(input);
    if (!parsed.success) throw fieldErrorsOf(parsed.error.issues);
    await this.rateLimiter.consume(caller.id);
    return this.dataSource.transaction(async (manager) => {
      const { memorial } = await this.access.require(caller, memorialId, 'addMemory', { manager });
      const member = await manager.findOneBy(NamedMemberEntity, { userId: caller.id });
      const name = member ? `${member.firstName} ${member.lastName}`.trim() : '';
      const approved = relation === 'creator';
      const memory = await manager.save(
        manager.create(MemorialMemoryEntity, {
          memorialId: memorial.id,
          contributorId: caller.id,
          contributorName: name || UNKNOWN_CONTRIBUTOR,
          ...parsed.data,
          status: approved ? 'approved' : 'pending',
          moderatedBy: null,
          moderatedAt: null,
        }),
      );
      if (!approved) {
        await this.publisher.publish(
          manager,
          'memory.submitted',
          {
            memoryId: memory.id,
            memorialId: memorial.id,
            memorialName: memorial.fullName,
            contributorId: caller.id,
            moderatorIds: await this.access.moderatorIds(memorial, manager),
          },
          { subject: memorial.id },
        );
      }
      return memory;
    });
  }

  /**
   * A moderator approves or rejects a waiting memory, once; approval is published. A memory that
   * does not exist answers like one on a memorial the caller may not see ('Memorial Not Found'),
   * so its id tells a stranger nothing.
   */
  async moderate(
    caller: AuthUser,
    memoryId: string,
    decision: MemoryDecisionValue,
  ): Promise<MemorialMemoryEntity> {
    const found = isUuid(memoryId)
      ? await this.dataSource.manager.findOneBy(MemorialMemoryEntity, { id: memoryId })
      : null;
    if (!found) throw memorialNotFound();
    return this.dataSource.transaction(async (manager) => {
      const { memorial } = await this.access.require(caller, found.memorialId, 'moderate', {
        manager,
      });
      const memory = await manager.findOne(MemorialMemoryEntity, {
        where: { id: memoryId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!memory) throw memorialNotFound();
      if (memory.status !== 'pending')
        throw DomainError.conflict(MemorialMessages.memoryNotPending);
      memory.status = decision;
      memory.moderatedBy = caller.id;
      memory.moderatedAt = new Date();
      await manager.save(memory);
      if (decision === 'approved') {
        await this.publisher.publish(
          manager,
          'memory.approved',
          {
            memoryId: memory.id,
            memorialId: memorial.id,
            memorialName: memorial.fullName,
            contributorId: memory.contributorId,
            approvedBy: caller.id,
          },
          { subject: memorial.id },
        );
      }
      return memory;
    });
  }
}
