import { CreateEventTables1760000000000 } from '@jibs/events';
import { IdentityInitial1795314872744 } from './1795314872744-identity-initial';

/** In order. New migrations are generated with `npm run migration:generate -- identity <Name>`. */
export const identityMigrations = [CreateEventTables1760000000000, IdentityInitial1795314872744];
