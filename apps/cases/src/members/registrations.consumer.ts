import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

/**
 * Its own group: a new group starts at the beginning of the log (the Postgres bus and Kafka
 * alike), so members who paid before this consumer was deployed are learnt too.
 */
export const REGISTRATIONS_GROUP = 'cases.registrations';

/**
 * Learns who completed registration from billing's `membership.registration_paid`. Set-based:
 * one upsert per batch; the flag only ever goes to true, so a redelivery changes nothing.
 */
@Injectable()
export class RegistrationsConsumer {
  @OnEvents('membership.registration_paid', { group: REGISTRATIONS_GROUP, batch: true })
  async learn(
    events: EventOf<'membership.registration_paid'>[],
    manager: EntityManager,
  ): Promise<void> {
    const userIds = [...new Set(events.map((event) => event.data.userId))];
    await manager.query(
      `INSERT INTO members (user_id, registration_paid)
       SELECT user_id, true FROM unnest($1::uuid[]) AS paid(user_id)
       ON CONFLICT (user_id) DO UPDATE SET registration_paid = true, updated_at = now()
       WHERE NOT members.registration_paid`,
      [userIds],
    );
  }
}
