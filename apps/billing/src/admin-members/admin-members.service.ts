import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  AdminUserMessages,
  ADMIN_USERS_MAX_PAGE_SIZE,
  ADMIN_USERS_MAX_SEARCH_LENGTH,
  ADMIN_USERS_PAGE_SIZE,
  containsPattern,
  DomainError,
  isUuid,
  MembershipStatus,
  parseMembershipStatus,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { recordAudit } from '@jibs/subgraph';
import { HouseholdMemberEntity } from '../household/household-member.entity';
import { MemberEntity } from '../membership/member.entity';

export interface AdminUserFilter {
  search?: string | null;
  status?: string | null;
  limit?: number | null;
  offset?: number | null;
}

export interface AdminUserPage {
  total: number;
  members: MemberEntity[];
}

interface MemberRow {
  user_id: string;
  total: number;
}

/**
 * Admins: the member list behind /admin/users (billing knows every member's name, email and
 * membership from identity's events) and the membership status an admin sets by hand.
 */
@Injectable()
export class AdminMembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /**
   * One statement: the page, newest first, with the number of matches (a window count). Only
   * a page past the end needs a second one, for the total.
   */
  async list(filter: AdminUserFilter): Promise<AdminUserPage> {
    const limit = filter.limit ?? ADMIN_USERS_PAGE_SIZE;
    const offset = filter.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > ADMIN_USERS_MAX_PAGE_SIZE)
      throw DomainError.badInput({ limit: AdminUserMessages.limitOutOfRange });
    if (!Number.isInteger(offset) || offset < 0)
      throw DomainError.badInput({ offset: AdminUserMessages.offsetOutOfRange });
    let status: MembershipStatus | null = null;
    if (filter.status !== null && filter.status !== undefined && filter.status !== '') {
      status = parseMembershipStatus(filter.status);
      if (!status) throw DomainError.badInput({ status: AdminUserMessages.unknownStatus });
    }
    const search = filter.search?.trim() ?? '';
    if (search.length > ADMIN_USERS_MAX_SEARCH_LENGTH)
      throw DomainError.badInput({ search: AdminUserMessages.searchTooLong });
    const pattern = search ? containsPattern(search) : null;
    const where = `($1::varchar IS NULL OR membership_status = $1)
        AND ($2::text IS NULL
             OR email ILIKE $2
             OR concat_ws(' ', first_name, last_name) ILIKE $2)`;
    const rows = (await this.dataSource.query(
      `SELECT m.*, count(*) OVER ()::int AS total FROM members m
        WHERE ${where}
        ORDER BY created_at DESC, user_id DESC
        LIMIT $3 OFFSET $4`,
      [status, pattern, limit, offset],
    )) as (MemberRow & Record<string, unknown>)[];
    if (rows.length === 0 && offset > 0) {
      const [count] = (await this.dataSource.query(
        `SELECT count(*)::int AS total FROM members WHERE ${where}`,
        [status, pattern],
      )) as { total: number }[];
      return { total: count!.total, members: [] };
    }
    const members = rows.map((row) => this.toEntity(row));
    return { total: rows[0]?.total ?? 0, members };
  }

  /** Admins: one member by user id; another id, or none, is not found. */
  async one(userId: string): Promise<MemberEntity> {
    const member = isUuid(userId)
      ? await this.dataSource.manager.findOneBy(MemberEntity, { userId })
      : null;
    if (!member) throw DomainError.notFound(AdminUserMessages.userNotFound);
    return member;
  }

  /**
   * An admin sets the membership status directly (the spec: any status, no restriction). It
   * holds until the next verified payment event, which decides the status from the payments
   * again. Locked, audited and published in one transaction; the same status changes nothing.
   */
  async setStatus(adminId: string, userId: string, wanted: unknown): Promise<MemberEntity> {
    const to = parseMembershipStatus(wanted);
    if (!to) throw DomainError.badInput({ status: AdminUserMessages.unknownStatus });
    if (!isUuid(userId)) throw DomainError.notFound(AdminUserMessages.userNotFound);
    return this.dataSource.transaction(async (manager) => {
      const member = await manager.findOne(MemberEntity, {
        where: { userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!member) throw DomainError.notFound(AdminUserMessages.userNotFound);
      const from = member.membershipStatus;
      if (from === to) return member;
      member.membershipStatus = to;
      const saved = await manager.save(member);
      await this.events.publish(
        manager,
        'membership.status_changed',
        { userId, from, to, reason: 'set by an admin', changedBy: adminId },
        { subject: userId },
      );
      await recordAudit(this.events, manager, {
        actorId: adminId,
        action: 'membership.status_set',
        subjectType: 'member',
        subjectId: userId,
        memberId: userId,
        before: { membershipStatus: from },
        after: { membershipStatus: to },
      });
      return saved;
    });
  }

  /** Admins: the households of these members (one query), in the order they were added. */
  async households(userIds: readonly string[]): Promise<HouseholdMemberEntity[]> {
    const valid = userIds.filter((id) => isUuid(id));
    if (!valid.length) return [];
    return this.dataSource.manager.find(HouseholdMemberEntity, {
      where: { userId: In(valid) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** A raw row as the entity (what the User fields read), without a second query. */
  private toEntity(row: Record<string, unknown>): MemberEntity {
    return this.dataSource.manager.create(MemberEntity, {
      userId: row['user_id'] as string,
      email: row['email'] as string | null,
      firstName: row['first_name'] as string | null,
      lastName: row['last_name'] as string | null,
      registrationFeePaid: row['registration_fee_paid'] as boolean,
      membershipStatus: row['membership_status'] as MembershipStatus,
      createdAt: row['created_at'] as Date,
    });
  }
}
