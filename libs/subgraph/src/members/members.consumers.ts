import { Injectable, type Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';
import { learnRegistrationsPaid } from './registration-lookup';

/**
 * The consumer groups of a service's members read model. Each its own group: a new group starts
 * at the beginning of the log (the Postgres bus and Kafka alike), so members who registered or
 * paid before the consumer was deployed are learnt too.
 */
export const membersGroups = (service: string) => ({
  registrations: `${service}.registrations`,
  names: `${service}.members`,
});

/**
 * Learns who completed registration from billing's `membership.registration_paid`. Set-based:
 * one upsert per batch; the flag only ever goes to true, so a redelivery changes nothing. With
 * names, a member not yet named keeps a row with empty names named at the epoch, so the name
 * still arrives (the names consumer never touches the flag).
 */
export function registrationsConsumer(service: string, names: boolean): Type<unknown> {
  const newRow: Record<string, string> = names
    ? { first_name: "''", last_name: "''", named_at: "'epoch'" }
    : {};
  @Injectable()
  class RegistrationsConsumer {
    @OnEvents('membership.registration_paid', {
      group: membersGroups(service).registrations,
      batch: true,
    })
    async learn(
      events: EventOf<'membership.registration_paid'>[],
      manager: EntityManager,
    ): Promise<void> {
      await learnRegistrationsPaid(manager, events, newRow);
    }
  }
  return RegistrationsConsumer;
}

/**
 * Keeps members' names from identity's `user.registered`. A name never changes afterwards (spec:
 * "Name, email and date of birth on the profile cannot be changed"). Set-based: one upsert per
 * batch; the newest event per member wins, so a replayed or late older event changes nothing.
 */
export function namesConsumer(service: string): Type<unknown> {
  @Injectable()
  class MembersConsumer {
    @OnEvents('user.registered', { group: membersGroups(service).names, batch: true })
    async learn(events: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
      const latest = new Map<string, { first_name: string; last_name: string; named_at: string }>();
      for (const event of events) {
        const seen = latest.get(event.data.userId);
        if (seen && Date.parse(seen.named_at) > Date.parse(event.time)) continue;
        latest.set(event.data.userId, {
          first_name: event.data.firstName.slice(0, 100),
          last_name: event.data.lastName.slice(0, 100),
          named_at: event.time,
        });
      }
      const rows = [...latest].map(([user_id, name]) => ({ user_id, ...name }));
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
        [JSON.stringify(rows)],
      );
    }
  }
  return MembersConsumer;
}
