import { CreateEventTables1760000000000, OutboxNotifyWhenIdle1795504736754 } from '@jibs/events';
import { CreateUploadTables1795752151361 } from '@jibs/storage';
import { MemorialsInitial1795494297956 } from './1795494297956-memorials-initial';
import { RegisteredMembers1795526441865 } from './1795526441865-registered-members';

/** In order. New migrations are generated with `npm run migration:generate -- memorials <Name>`. */
export const memorialsMigrations = [
  CreateEventTables1760000000000,
  MemorialsInitial1795494297956,
  OutboxNotifyWhenIdle1795504736754,
  RegisteredMembers1795526441865,
  CreateUploadTables1795752151361,
];
