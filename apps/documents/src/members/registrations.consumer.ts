import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';
import { learnRegistrationsPaid } from '@jibs/subgraph';

/**
 * Its own group: a new group starts at the beginning of the log (the Postgres bus and Kafka
 * alike), so members who paid before this consumer was deployed are learnt too.
 */
export const REGISTRATIONS_GROUP = 'documents.registrations';

/**
 * Learns who completed registration (billing's `membership.registration_paid`) into the members
 * read model. Set-based, one upsert per batch. Before `user.registered` it keeps a row with no
 * name yet, named at the epoch, so the name still arrives (MembersConsumer updates names only and
 * never this flag); after it, only the flag changes. The flag only goes to true: a redelivery
 * changes nothing.
 */
@Injectable()
export class RegistrationsConsumer {
  @OnEvents('membership.registration_paid', { group: REGISTRATIONS_GROUP, batch: true })
  async learn(
    events: EventOf<'membership.registration_paid'>[],
    manager: EntityManager,
  ): Promise<void> {
    await learnRegistrationsPaid(manager, events, {
      first_name: "''",
      last_name: "''",
      named_at: "'epoch'",
    });
  }
}
