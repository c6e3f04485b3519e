import { CreateEventTables1760000000000 } from './create-event-tables.migration';
import { OutboxEventVersions1760000000001 } from './outbox-event-versions.migration';
import { OutboxNotifyWhenIdle1795504736754 } from './outbox-notify-when-idle.migration';
import { DeadLetterActions1795776009938 } from './dead-letter-actions.migration';
import { DeadLetterActionEntity } from './dead-letter-action.entity';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

/** The outbox, inbox and dead-letter actions entities, for a service's DataSource: `[...own, ...eventEntities]`. */
export const eventEntities = [OutboxEntity, InboxEntity, DeadLetterActionEntity];

/**
 * Their migrations: the tables, listed first so a service's own migrations may rely on them,
 * and the outbox trigger that notifies only an idle relay (TypeORM runs them by timestamp).
 */
export const eventMigrations = [
  CreateEventTables1760000000000,
  OutboxNotifyWhenIdle1795504736754,
  OutboxEventVersions1760000000001,
  DeadLetterActions1795776009938,
];
