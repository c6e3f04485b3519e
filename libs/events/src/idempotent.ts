import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from './event-envelope';

/**
 * A handler that applies its effect once per event and consumer group, however often the event
 * is delivered: one transaction records the event id in the inbox and runs the effect with the
 * same manager. A second delivery finds the id and does nothing; a concurrent one waits on the
 * first's inbox row and then does nothing; a failed effect rolls the inbox row back with it.
 */
export function idempotent(
  dataSource: DataSource,
  group: string,
  effect: (envelope: EventEnvelope, manager: EntityManager) => Promise<void>,
): (envelope: EventEnvelope) => Promise<void> {
  return (envelope) =>
    dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox (consumer_group, event_id) VALUES ($1, $2)
         ON CONFLICT (consumer_group, event_id) DO NOTHING RETURNING event_id`,
        [group, envelope.id],
      );
      if (inserted.length === 0) return;
      await effect(envelope, manager);
    });
}
