import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const REGISTRATIONS_GROUP = 'billing.registrations';

/** Keeps the names and email billing needs for provider customers and receipts. */
@Injectable()
export class RegistrationsConsumer {
  /**
   * One statement per batch: creates the members billing has not met yet and updates the
   * details of those it has (a payment may have created the row first), keeping every other
   * column. A user registered twice in a batch keeps the later details.
   */
  @OnEvents('user.registered', { group: REGISTRATIONS_GROUP, batch: true })
  async record(events: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
    const latest = new Map(events.map((event) => [event.data.userId, event.data]));
    const members = [...latest.values()];
    await manager.query(
      `INSERT INTO members (user_id, email, first_name, last_name)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[])
       ON CONFLICT (user_id) DO UPDATE
         SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
             last_name = EXCLUDED.last_name, updated_at = now()`,
      [
        members.map((member) => member.userId),
        members.map((member) => member.email),
        members.map((member) => member.firstName),
        members.map((member) => member.lastName),
      ],
    );
  }
}
