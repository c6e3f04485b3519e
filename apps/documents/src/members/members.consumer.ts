import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const MEMBERS_GROUP = 'documents.members';

/**
 * Keeps the members read model (names for the admin search) from identity's `user.registered`.
 * A name never changes afterwards (spec: "Name, email and date of birth on the profile cannot
 * be changed"). Set-based: one upsert per batch; the newest event per member wins, so a replayed
 * or late older event changes nothing.
 */
@Injectable()
export class MembersConsumer {
  @OnEvents('user.registered', { group: MEMBERS_GROUP, batch: true })
  async learn(events: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
    const latest = new Map<string, { firstName: string; lastName: string; namedAt: string }>();
    for (const event of events) {
      const seen = latest.get(event.data.userId);
      if (seen && Date.parse(seen.namedAt) > Date.parse(event.time)) continue;
      latest.set(event.data.userId, {
        firstName: event.data.firstName.slice(0, 100),
        lastName: event.data.lastName.slice(0, 100),
        namedAt: event.time,
      });
    }
    const rows = [...latest].map(([userId, name]) => ({ userId, ...name }));
    await manager.query(
      `INSERT INTO members (user_id, first_name, last_name, named_at)
       SELECT user_id, first_name, last_name, named_at
         FROM jsonb_to_recordset($1::jsonb)
           AS row(user_id uuid, first_name text, last_name text, named_at timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET
         first_name = excluded.first_name,
         last_name = excluded.last_name,
         named_at = excluded.named_at,
         updated_at = now()
       WHERE members.named_at <= excluded.named_at`,
      [
        JSON.stringify(
          rows.map((row) => ({
            user_id: row.userId,
            first_name: row.firstName,
            last_name: row.lastName,
            named_at: row.namedAt,
          })),
        ),
      ],
    );
  }
}
