import { CreateUploadTables1795752151361 } from '@jibs/storage';
import { MemorialsInitial1795494297956 } from './1795494297956-memorials-initial';
import { RegisteredMembers1795526441865 } from './1795526441865-registered-members';
import { AnniversaryReminders1795764747172 } from './1795764747172-anniversary-reminders';

/** Its own (`defineService` adds the event tables'). New migrations are generated with `npm run migration:generate -- memorials <Name>`. */
export const memorialsMigrations = [
  MemorialsInitial1795494297956,
  RegisteredMembers1795526441865,
  CreateUploadTables1795752151361,
  AnniversaryReminders1795764747172,
];
