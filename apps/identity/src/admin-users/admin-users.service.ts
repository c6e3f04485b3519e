import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminUserMessages, DomainError, isUuid, parseRole, Role } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { recordAudit } from '@jibs/subgraph';
import { AccountEntity } from '../accounts/account.entity';
import { SessionsService } from '../sessions/sessions.service';

/**
 * Serialises role changes: with it, two admins demoting each other at once (the last two)
 * cannot both see "another admin remains". A transaction-scoped advisory lock, released at
 * commit or rollback.
 */
const ROLE_CHANGE_LOCK = 0x6a_69_62_73; // 'jibs'

@Injectable()
export class AdminUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Admins: makes a user a member or an admin. The last admin cannot be demoted. The user's
   * sessions end with the change (they sign in again with the new role, and a new admin sets
   * up an authenticator there); audited and published in the same transaction. The same role
   * changes nothing.
   */
  async setRole(adminId: string, userId: string, wanted: unknown): Promise<AccountEntity> {
    const to = parseRole(wanted);
    if (!to) throw DomainError.badInput({ role: AdminUserMessages.unknownRole });
    if (!isUuid(userId)) throw DomainError.notFound(AdminUserMessages.userNotFound);
    const { account, changed } = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [ROLE_CHANGE_LOCK]);
      const account = await manager.findOne(AccountEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!account) throw DomainError.notFound(AdminUserMessages.userNotFound);
      const from = account.role;
      if (from === to) return { account, changed: false };
      if (from === Role.ADMIN) {
        const others = await manager.count(AccountEntity, { where: { role: Role.ADMIN } });
        if (others <= 1) throw DomainError.conflict(AdminUserMessages.lastAdmin);
      }
      await manager.update(AccountEntity, { id: userId }, { role: to });
      await this.sessions.revokeAll(manager, userId);
      await this.events.publish(
        manager,
        'user.role_changed',
        { userId, from, to, changedBy: adminId },
        { subject: userId },
      );
      await recordAudit(this.events, manager, {
        actorId: adminId,
        action: 'user.role_changed',
        subjectType: 'account',
        subjectId: userId,
        memberId: userId,
        before: { role: from },
        after: { role: to },
      });
      return {
        account: await manager.findOneOrFail(AccountEntity, { where: { id: userId } }),
        changed: true,
      };
    });
    if (changed) await this.sessions.revoked();
    return account;
  }
}
