import { Inject, Injectable } from '@nestjs/common';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { Recurring } from '@jibs/jobs';
import { LOGGER, type Logger } from '@jibs/observability';

/**
 * The bus's housekeeping: hourly, once across the service's replicas, deletes the events of the
 * Postgres log every group has consumed past the retention. Every service runs it against the
 * one event log; it is idempotent, so services overlapping only repeat a cheap delete. Kafka
 * keeps its own retention (the broker has no `pruneLog`).
 */
@Injectable()
export class EventLogPruning {
  constructor(
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Recurring('bus.prune-event-log', { cron: '41 * * * *' })
  async prune(): Promise<void> {
    if (!this.broker.pruneLog) return;
    const deleted = await this.broker.pruneLog();
    if (deleted) this.logger.info({ deleted }, 'pruned the event log');
  }
}
