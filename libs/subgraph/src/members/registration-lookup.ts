import type { Provider } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { REGISTRATION_LOOKUP, type RegistrationLookup } from '@jibs/auth';
import type { EventOf } from '@jibs/events';

/**
 * The `REGISTRATION_LOOKUP` of a service whose `members` read model keeps a
 * `registration_paid` flag (learnt from billing's `membership.registration_paid`): what
 * `@RegisteredMember()` asks. A member the service has not heard of is not registered.
 */
export function membersRegistrationLookup(): Provider {
  return {
    provide: REGISTRATION_LOOKUP,
    inject: [DataSource],
    useFactory: (dataSource: DataSource): RegistrationLookup => ({
      async isRegistrationPaid(userId: string): Promise<boolean> {
        const rows = (await dataSource.query(
          'SELECT registration_paid AS paid FROM members WHERE user_id = $1',
          [userId],
        )) as { paid: boolean }[];
        return rows[0]?.paid === true;
      },
    }),
  };
}

/**
 * The other half of that read model: learns who completed registration from a batch of billing's
 * `membership.registration_paid`, in one upsert. A member not yet known (the event came before
 * `user.registered`) gets a row with `newRow`'s placeholder columns (SQL literals, e.g. empty
 * names the members consumer fills in later); a known one only gets the flag. The flag only
 * ever goes to true, so a redelivery changes nothing.
 */
export async function learnRegistrationsPaid(
  manager: EntityManager,
  events: readonly EventOf<'membership.registration_paid'>[],
  newRow: Readonly<Record<string, string>> = {},
): Promise<void> {
  const userIds = [...new Set(events.map((event) => event.data.userId))];
  const columns = Object.keys(newRow)
    .map((column) => `, ${column}`)
    .join('');
  const values = Object.values(newRow)
    .map((value) => `, ${value}`)
    .join('');
  await manager.query(
    `INSERT INTO members (user_id, registration_paid${columns})
     SELECT user_id, true${values} FROM unnest($1::uuid[]) AS paid(user_id)
     ON CONFLICT (user_id) DO UPDATE SET registration_paid = true, updated_at = now()
     WHERE NOT members.registration_paid`,
    [userIds],
  );
}
