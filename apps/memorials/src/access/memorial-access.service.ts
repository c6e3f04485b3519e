import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import { DomainError, MemorialMessages, type FieldErrors, isUuid } from '@jibs/domain';
import { MemorialConnectionEntity } from '../connections/memorial-connection.entity';
import { MemorialEntity } from '../memorials/memorial.entity';
import {
  mayOnMemorial,
  relationTo,
  type MemorialAction,
  type MemorialRelation,
} from './memorial-policy';

export { isUuid };

/** What every memorial that may not be seen answers, exactly like one that does not exist. */
export const memorialNotFound = () => DomainError.notFound(MemorialMessages.notFoundTitle);

export interface AuthorizedMemorial {
  memorial: MemorialEntity;
  relation: MemorialRelation;
}

/** Turns a zod result's issues into the field errors of BAD_USER_INPUT (first per field). */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'input');
    errors[field] ??= issue.message;
  }
  return DomainError.badInput(errors);
}

/**
 * Loads memorials with the caller's relation to them and applies the policy
 * (`mayOnMemorial`), the only place access is decided.
 */
@Injectable()
export class MemorialAccess {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The memorial if the caller may do `action` on it. Not seen (or missing, or deactivated):
   * NOT_FOUND 'Memorial Not Found'. Seen but not allowed: FORBIDDEN. `lock` takes a row lock
   * inside the caller's transaction.
   */
  async require(
    caller: AuthUser | null,
    memorialId: string,
    action: MemorialAction,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<AuthorizedMemorial> {
    const manager = options.manager ?? this.dataSource.manager;
    if (!isUuid(memorialId)) throw memorialNotFound();
    const memorial = await manager.findOne(MemorialEntity, {
      where: { id: memorialId },
      ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!memorial) throw memorialNotFound();
    const relation = await this.relationOf(caller, memorial, manager);
    if (!mayOnMemorial(relation, memorial, 'view')) throw memorialNotFound();
    if (!mayOnMemorial(relation, memorial, action)) {
      if (!caller) throw DomainError.unauthenticated();
      throw DomainError.forbidden();
    }
    return { memorial, relation };
  }

  async relationOf(
    caller: AuthUser | null,
    memorial: MemorialEntity,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<MemorialRelation> {
    if (!caller || caller.id === memorial.createdBy) return relationTo(caller, memorial, null);
    const connection = await manager.findOneBy(MemorialConnectionEntity, {
      memorialId: memorial.id,
      userId: caller.id,
    });
    return relationTo(caller, memorial, connection);
  }

  /**
   * Every active memorial the caller may list, newest first: the candidates (public ones, the
   * caller's own, those they are connected to) are narrowed by the policy.
   */
  async listable(caller: AuthUser | null): Promise<AuthorizedMemorial[]> {
    const query = this.dataSource.manager
      .createQueryBuilder(MemorialEntity, 'memorial')
      .where('memorial.isActive = true')
      .orderBy('memorial.createdAt', 'DESC')
      .addOrderBy('memorial.id', 'DESC');
    const connections = new Map<string, MemorialConnectionEntity>();
    if (caller) {
      const mine = await this.dataSource.manager.findBy(MemorialConnectionEntity, {
        userId: caller.id,
        acceptedAt: Not(IsNull()),
      });
      for (const connection of mine) connections.set(connection.memorialId, connection);
      query.andWhere(
        "(memorial.privacyLevel = 'public' OR memorial.createdBy = :me OR memorial.id = ANY(:connected))",
        { me: caller.id, connected: [...connections.keys()] },
      );
    } else {
      query.andWhere("memorial.privacyLevel = 'public'");
    }
    const memorials = await query.getMany();
    return memorials
      .map((memorial) => ({
        memorial,
        relation: relationTo(caller, memorial, connections.get(memorial.id) ?? null),
      }))
      .filter(({ memorial, relation }) => mayOnMemorial(relation, memorial, 'list'));
  }

  /** The ids of those who moderate a memorial at this moment: the creator and the editors. */
  async moderatorIds(memorial: MemorialEntity, manager: EntityManager): Promise<string[]> {
    const editors = await manager.findBy(MemorialConnectionEntity, {
      memorialId: memorial.id,
      canEdit: true,
      userId: Not(IsNull()),
    });
    return [memorial.createdBy, ...editors.map((editor) => editor.userId!)];
  }
}
