import { CreateEventTables1760000000000, OutboxNotifyWhenIdle1795504736754 } from '@jibs/events';
import { MemorialsInitial1795494297956 } from './1795494297956-memorials-initial';

/** In order. New migrations are generated with `npm run migration:generate -- memorials <Name>`. */
export const memorialsMigrations = [
  CreateEventTables1760000000000,
  MemorialsInitial1795494297956,
  OutboxNotifyWhenIdle1795504736754,
];
