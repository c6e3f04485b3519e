import { CreateEventTables1760000000000 } from '@jibs/events';

/** In order. New migrations are generated with `npm run migration:generate -- notifications <Name>`. */
export const notificationsMigrations = [CreateEventTables1760000000000];
