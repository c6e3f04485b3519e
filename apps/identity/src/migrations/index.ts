import { CreateEventTables1760000000000 } from '@jibs/events';


/** In order. New migrations are generated with `npm run migration:generate -- identity <Name>`. */
export const identityMigrations = [CreateEventTables1760000000000];
