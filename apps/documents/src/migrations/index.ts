import { CreateUploadTables1795752151361 } from '@jibs/storage';
import { DocumentsInitial1795493769178 } from './1795493769178-documents-initial';
import { MembersReadModel1795503872295 } from './1795503872295-members-read-model';
import { SharedAuditEntries1795503900000 } from './1795503900000-shared-audit-entries';
import { RegisteredMembers1795526441865 } from './1795526441865-registered-members';

/** Its own (`defineService` adds the event tables'). New migrations are generated with `npm run migration:generate -- documents <Name>`. */
export const documentsMigrations = [
  DocumentsInitial1795493769178,
  MembersReadModel1795503872295,
  SharedAuditEntries1795503900000,
  RegisteredMembers1795526441865,
  CreateUploadTables1795752151361,
];
