import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const MEMBERS_GROUP = 'memorials.members';

/** Keeps members' names (shown on the memories they share); never their email. */
@Injectable()
export class MembersConsumer {
  @OnEvents('user.registered', { group: MEMBERS_GROUP, batch: true })
  async record(events: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
    const latest = [...new Map(events.map((event) => [event.data.userId, event.data])).values()];
    await manager.query(
      `INSERT INTO members (user_id, first_name, last_name)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[])
       ON CONFLICT (user_id) DO UPDATE
         SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, updated_at = now()`,
      [
        latest.map((member) => member.userId),
        latest.map((member) => member.firstName.slice(0, 100)),
        latest.map((member) => member.lastName.slice(0, 100)),
      ],
    );
  }
}
