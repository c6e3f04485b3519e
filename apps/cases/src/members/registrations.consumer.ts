import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';
import { learnRegistrationsPaid } from '@jibs/subgraph';

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
    await learnRegistrationsPaid(manager, events);
  }
}
