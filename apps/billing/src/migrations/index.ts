import { CreateEventTables1760000000000 } from '@jibs/events';
import { BillingInitial1795319316243 } from './1795319316243-billing-initial';

/** In order. New migrations are generated with `npm run migration:generate -- billing <Name>`. */
export const billingMigrations = [CreateEventTables1760000000000, BillingInitial1795319316243];
