import { CasesInitial1795493727103 } from './1795493727103-cases-initial';
import { SharedAuditEntries1795503900000 } from './1795503900000-shared-audit-entries';
import { RegisteredMembers1795526441865 } from './1795526441865-registered-members';
import { BurialAssistance1795764000000 } from './1795764000000-burial-assistance';

/** Its own (`defineService` adds the event tables'). New migrations are generated with `npm run migration:generate -- cases <Name>`. */
export const casesMigrations = [
  CasesInitial1795493727103,
  SharedAuditEntries1795503900000,
  RegisteredMembers1795526441865,
  BurialAssistance1795764000000,
];
