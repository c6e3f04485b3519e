import { CreateEventTables1760000000000, OutboxNotifyWhenIdle1795504736754 } from '@jibs/events';
import { CreateUploadTables1795752151361 } from '@jibs/storage';
import { DocumentsInitial1795493769178 } from './1795493769178-documents-initial';
import { MembersReadModel1795503872295 } from './1795503872295-members-read-model';
import { SharedAuditEntries1795503900000 } from './1795503900000-shared-audit-entries';
import { RegisteredMembers1795526441865 } from './1795526441865-registered-members';

/** In order. New migrations are generated with `npm run migration:generate -- documents <Name>`. */
export const documentsMigrations = [
  CreateEventTables1760000000000,
  DocumentsInitial1795493769178,
  MembersReadModel1795503872295,
  SharedAuditEntries1795503900000,
  OutboxNotifyWhenIdle1795504736754,
  RegisteredMembers1795526441865,
  CreateUploadTables1795752151361,
];
