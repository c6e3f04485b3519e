import { CreateEventTables1760000000000, OutboxNotifyWhenIdle1795504736754 } from '@jibs/events';
import { CasesInitial1795493727103 } from './1795493727103-cases-initial';
import { SharedAuditEntries1795503900000 } from './1795503900000-shared-audit-entries';
import { RegisteredMembers1795526441865 } from './1795526441865-registered-members';

/** In order. New migrations are generated with `npm run migration:generate -- cases <Name>`. */
export const casesMigrations = [
  CreateEventTables1760000000000,
  CasesInitial1795493727103,
  SharedAuditEntries1795503900000,
  OutboxNotifyWhenIdle1795504736754,
  RegisteredMembers1795526441865,
];
