import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { DomainError } from '@jibs/domain';
import { AuditTrailEntity } from './audit-trail.entity';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from './audit-trail.model';

export const AuditTrailMessages = {
  memberId: 'Member id must be a valid id',
  actorId: 'Actor id must be a valid id',
  action: 'Action must be at most 64 characters',
  service: 'Service must be at most 64 characters',
  range: "'From' must be before 'to'",
  first: `Ask for 1 to ${AUDIT_PAGE_MAX} entries at a time`,
  after: 'The page cursor is not valid; start from the first page',
} as const;

const filterSchema = z.object({
  memberId: z.uuid(AuditTrailMessages.memberId).nullish(),
  actorId: z.uuid(AuditTrailMessages.actorId).nullish(),
  action: z.string().trim().max(64, AuditTrailMessages.action).nullish(),
  service: z.string().trim().max(64, AuditTrailMessages.service).nullish(),
  from: z.date().nullish(),
  to: z.date().nullish(),
});

export type AuditTrailFilter = z.input<typeof filterSchema>;

interface Cursor {
  recordedAt: string;
  entryId: string;
}

const cursorSchema = z.object({ recordedAt: z.iso.datetime(), entryId: z.uuid() });

export function encodeCursor(row: Pick<AuditTrailEntity, 'recordedAt' | 'entryId'>): string {
  const cursor: Cursor = { recordedAt: row.recordedAt.toISOString(), entryId: row.entryId };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed = cursorSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the bad input below
  }
  throw DomainError.badInput({ after: AuditTrailMessages.after });
}

export interface AuditTrailPage {
  rows: AuditTrailEntity[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Reads the trail: filtered, newest first, keyset-paginated on (recorded_at, entry_id). */
@Injectable()
export class AuditTrailService {
  constructor(private readonly dataSource: DataSource) {}

  async page(
    filter: AuditTrailFilter | null | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<AuditTrailPage> {
    const parsed = filterSchema.safeParse(filter ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw DomainError.badInput({ [String(issue.path[0] ?? 'filter')]: issue.message });
    }
    const { memberId, actorId, action, service, from, to } = parsed.data;
    if (from && to && from.getTime() >= to.getTime()) {
      throw DomainError.badInput({ to: AuditTrailMessages.range });
    }
    const size = first ?? AUDIT_PAGE_DEFAULT;
    if (!Number.isInteger(size) || size < 1 || size > AUDIT_PAGE_MAX) {
      throw DomainError.badInput({ first: AuditTrailMessages.first });
    }
    const cursor = after ? decodeCursor(after) : null;

    const query = this.dataSource
      .getRepository(AuditTrailEntity)
      .createQueryBuilder('t')
      .orderBy('t.recorded_at', 'DESC')
      .addOrderBy('t.entry_id', 'DESC')
      .limit(size + 1);
    if (memberId) query.andWhere('t.member_id = :memberId', { memberId });
    if (actorId) query.andWhere('t.actor_id = :actorId', { actorId });
    if (action) query.andWhere('t.action = :action', { action });
    if (service) {
      const name = service.startsWith('jibs/') ? service : `jibs/${service}`;
      query.andWhere('t.service = :service', { service: name });
    }
    if (from) query.andWhere('t.recorded_at >= :from', { from });
    if (to) query.andWhere('t.recorded_at < :to', { to });
    if (cursor) {
      query.andWhere('(t.recorded_at, t.entry_id) < (:cursorAt, :cursorId)', {
        cursorAt: cursor.recordedAt,
        cursorId: cursor.entryId,
      });
    }
    const found = await query.getMany();
    const rows = found.slice(0, size);
    const hasNextPage = found.length > size;
    return {
      rows,
      hasNextPage,
      endCursor: hasNextPage ? encodeCursor(rows[rows.length - 1]!) : null,
    };
  }

  /** The services that have recorded anything, for the page's filter. */
  async services(): Promise<string[]> {
    const rows: { service: string }[] = await this.dataSource.query(
      'SELECT DISTINCT service FROM audit_trail ORDER BY service',
    );
    return rows.map((row) => row.service);
  }
}
