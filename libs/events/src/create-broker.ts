import type { EventBroker } from './event-broker';
import type { EventLogger } from './event-logger';
import type { EventMetrics } from './event-metrics';
import { KafkaBroker } from './kafka-broker';
import { PostgresBroker } from './postgres-broker';

export interface BrokerConfig {
  kind: 'postgres' | 'kafka';
  /** The `eventlog` database, for kind `postgres`. */
  eventlogUrl?: string;
  /** Bootstrap addresses, for kind `kafka`. */
  kafkaBrokers?: string[];
  /** Names this service to the broker (connection name, Kafka client id). */
  clientId: string;
  logger?: EventLogger;
  metrics?: EventMetrics;
}

/** The broker configuration chooses: one code path for services whichever bus runs. */
export function createBroker(config: BrokerConfig): EventBroker {
  const { logger, metrics, clientId } = config;
  switch (config.kind) {
    case 'postgres':
      if (!config.eventlogUrl) throw new Error('The postgres event broker needs eventlogUrl');
      return new PostgresBroker({ url: config.eventlogUrl, clientId, logger, metrics });
    case 'kafka':
      if (!config.kafkaBrokers?.length)
        throw new Error('The kafka event broker needs kafkaBrokers');
      return new KafkaBroker({ brokers: config.kafkaBrokers, clientId, logger, metrics });
    default:
      throw new Error(`Unknown event broker kind "${String((config as { kind: unknown }).kind)}"`);
  }
}
