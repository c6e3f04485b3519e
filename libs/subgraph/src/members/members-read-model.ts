import type { Provider, Type } from '@nestjs/common';
import { MemberEntity, NamedMemberEntity } from './member.entity';
import { namesConsumer, registrationsConsumer } from './members.consumers';
import { MemberNames1795752067142, MembersReadModel1795752067141 } from './members.migrations';
import { membersRegistrationLookup } from './registration-lookup';

/**
 * A service's `members` read model: who completed registration (for `@RegisteredMember()`),
 * and with `names` their names too (for a service that shows or searches them).
 */
export interface MembersOptions {
  names?: boolean;
}

/** What a definition's `members` adds to the service: its table, consumers and lookup. */
export function membersReadModel(service: string, { names = false }: MembersOptions) {
  return {
    entities: [names ? NamedMemberEntity : MemberEntity] as Type<unknown>[],
    migrations: names
      ? [MembersReadModel1795752067141, MemberNames1795752067142]
      : [MembersReadModel1795752067141],
    providers: [
      registrationsConsumer(service, names),
      ...(names ? [namesConsumer(service)] : []),
      membersRegistrationLookup(),
    ] as Provider[],
  };
}
