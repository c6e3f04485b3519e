import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { REGISTRATION_LOOKUP, type RegistrationLookup } from '@jibs/auth';

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
