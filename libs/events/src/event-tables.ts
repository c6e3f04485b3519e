import { CreateEventTables1760000000000 } from './create-event-tables.migration';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

/** The outbox and inbox entities, for a service's DataSource: `[...own, ...eventEntities]`. */
export const eventEntities = [OutboxEntity, InboxEntity];

/** Their migration, listed first so a service's own migrations may rely on the tables. */
export const eventMigrations = [CreateEventTables1760000000000];
