import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const AUDIT_TRAIL_GROUP = 'notifications.audit-trail';

/**
 * Appends each `audit.recorded` to the trail, one INSERT per batch. ON CONFLICT (entry_id) DO
 * NOTHING keeps it exactly once even when the same entry comes again under another event id.
 */
@Injectable()
export class AuditTrailConsumer {
  @OnEvents(['audit.recorded'], { group: AUDIT_TRAIL_GROUP, batch: true })
  async handle(events: EventOf<'audit.recorded'>[], manager: EntityManager): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(({ data }) => ({
      entry_id: data.entryId,
      service: data.service.slice(0, 64),
      actor_id: data.actorId,
      action: data.action.slice(0, 64),
      subject_type: data.subjectType.slice(0, 32),
      subject_id: data.subjectId.slice(0, 64),
      member_id: data.memberId,
      before: data.before,
      after: data.after,
      recorded_at: new Date(data.recordedAt).toISOString(),
    }));
    await manager.query(
      `INSERT INTO audit_trail (entry_id, service, actor_id, action, subject_type, subject_id, member_id, before, after, recorded_at)
       SELECT entry_id, service, actor_id, action, subject_type, subject_id, member_id, before, after, recorded_at
       FROM jsonb_to_recordset($1::jsonb) AS r(entry_id uuid, service varchar, actor_id uuid, action varchar,
         subject_type varchar, subject_id varchar, member_id uuid, before jsonb, after jsonb, recorded_at timestamptz)
       ON CONFLICT (entry_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
}
