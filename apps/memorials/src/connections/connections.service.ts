import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { isUniqueViolation } from '@jibs/database';
import type { AuthUser } from '@jibs/auth';
import { DomainError, MemorialMessages, invitationEmailSchema } from '@jibs/domain';
import {
  MemorialAccess,
  isUuid,
  memorialNotFound,
  type AuthorizedMemorial,
} from '../access/memorial-access.service';
import { relationTo } from '../access/memorial-policy';
import { MemorialEntity } from '../memorials/memorial.entity';
import { MemorialConnectionEntity } from './memorial-connection.entity';

export interface Invitation {
  connection: MemorialConnectionEntity;
  memorialName: string;
}

/**
 * Family connections: the creator invites by email, with or without edit rights; the invitee
 * accepts when signed in with that (verified) address, even if the account came later.
 */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MemorialAccess,
  ) {}

  async invite(
    caller: AuthUser,
    memorialId: string,
    email: string,
    canEdit: boolean,
  ): Promise<MemorialConnectionEntity> {
    const { memorial } = await this.access.require(caller, memorialId, 'invite');
    const parsed = invitationEmailSchema.safeParse(email);
    if (!parsed.success) throw DomainError.badInput({ email: MemorialMessages.emailInvalid });
    if (parsed.data === caller.email.toLowerCase()) {
      throw DomainError.badInput({ email: MemorialMessages.inviteSelf });
    }
    try {
      return await this.dataSource.manager.save(
        this.dataSource.manager.create(MemorialConnectionEntity, {
          memorialId: memorial.id,
          invitedEmail: parsed.data,
          canEdit,
          invitedBy: caller.id,
          userId: null,
          acceptedAt: null,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw DomainError.conflict(MemorialMessages.alreadyInvited, {
          email: MemorialMessages.alreadyInvited,
        });
      }
      throw error;
    }
  }

  /** The invitations waiting for the caller's address, with the memorial's name. */
  async mine(caller: AuthUser): Promise<Invitation[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(MemorialConnectionEntity, 'connection')
      .innerJoin(MemorialEntity, 'memorial', 'memorial.id = connection.memorialId')
      .addSelect('memorial.fullName', 'memorial_name')
      .where('connection.invitedEmail = :email', { email: caller.email.toLowerCase() })
      .andWhere('connection.userId IS NULL')
      .andWhere('memorial.isActive = true')
      .orderBy('connection.createdAt', 'DESC')
      .getRawAndEntities();
    return rows.entities.map((connection, index) => ({
      connection,
      memorialName: (rows.raw[index] as { memorial_name: string }).memorial_name,
    }));
  }

  /** Accepts the invitation to the caller's verified address; the memorial then opens to them. */
  async accept(caller: AuthUser, memorialId: string): Promise<AuthorizedMemorial> {
    if (caller.emailVerified === false) {
      throw DomainError.forbidden(MemorialMessages.emailNotVerified);
    }
    if (!isUuid(memorialId)) throw memorialNotFound();
    return this.dataSource.transaction(async (manager) => {
      const connection = await manager.findOne(MemorialConnectionEntity, {
        where: { memorialId, invitedEmail: caller.email.toLowerCase(), userId: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
      const memorial = await manager.findOneBy(MemorialEntity, { id: memorialId });
      const existing = await manager.findOneBy(MemorialConnectionEntity, {
        memorialId,
        userId: caller.id,
      });
      if (!memorial || !memorial.isActive || (!connection && !existing)) throw memorialNotFound();
      // Accepted already (a second click): the same answer as the first time.
      if (!connection) return { memorial, relation: relationTo(caller, memorial, existing) };
      // Already connected under another address: keep the stronger connection only.
      if (existing) {
        existing.canEdit ||= connection.canEdit;
        await manager.save(existing);
        await manager.remove(connection);
        return { memorial, relation: relationTo(caller, memorial, existing) };
      }
      connection.userId = caller.id;
      connection.acceptedAt = new Date();
      await manager.save(connection);
      return { memorial, relation: relationTo(caller, memorial, connection) };
    });
  }

  /** The creator's view of a memorial's connections, invited addresses included. */
  async list(caller: AuthUser, memorialId: string): Promise<MemorialConnectionEntity[]> {
    const { memorial } = await this.access.require(caller, memorialId, 'invite');
    return this.dataSource.manager.find(MemorialConnectionEntity, {
      where: { memorialId: memorial.id },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The creator removes a connection (or withdraws an invitation). */
  async remove(caller: AuthUser, connectionId: string): Promise<void> {
    const connection = isUuid(connectionId)
      ? await this.dataSource.manager.findOneBy(MemorialConnectionEntity, { id: connectionId })
      : null;
    // Missing answers like a memorial the caller may not see: the id tells a stranger nothing.
    if (!connection) throw memorialNotFound();
    await this.access.require(caller, connection.memorialId, 'invite');
    await this.dataSource.manager.delete(MemorialConnectionEntity, { id: connection.id });
  }
}
