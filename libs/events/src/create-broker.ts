import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { EventBroker } from './event-broker';
import type { EventLogger } from './event-logger';
import type { EventMetrics } from './event-metrics';
import { KafkaBroker, type KafkaSasl } from './kafka-broker';
import { PostgresBroker } from './postgres-broker';

export interface BrokerConfig {
  kind: 'postgres' | 'kafka';
  /** The `eventlog` database, for kind `postgres`. */
  eventlogUrl?: string;
  /** Bootstrap addresses, for kind `kafka`. */
  kafkaBrokers?: string[];
  /** The production settings of kind `kafka` (KAFKA_* in libs/config); plaintext by default. */
  kafka?: KafkaSettings;
  /** Names this service to the broker (connection name, Kafka client id). */
  clientId: string;
  logger?: EventLogger;
  metrics?: EventMetrics;
}

export interface KafkaSettings {
  sasl?: KafkaSasl;
  /** TLS: true for the system CAs; PEM file paths for a private CA and a client certificate. */
  tls?: boolean | { caFile?: string; certFile?: string; keyFile?: string };
  topicPrefix?: string;
  partitions?: number;
  replicationFactor?: number;
}

/** The broker configuration chooses: one code path for services whichever bus runs. */
export function createBroker(config: BrokerConfig): EventBroker {
  const { logger, metrics, clientId } = config;
  switch (config.kind) {
    case 'postgres':
      if (!config.eventlogUrl) throw new Error('The postgres event broker needs eventlogUrl');
      return new PostgresBroker({ url: config.eventlogUrl, clientId, logger, metrics });
    case 'kafka': {
      if (!config.kafkaBrokers?.length)
        throw new Error('The kafka event broker needs kafkaBrokers');
      const { sasl, tls, topicPrefix, partitions, replicationFactor } = config.kafka ?? {};
      return new KafkaBroker({
        brokers: config.kafkaBrokers,
        clientId,
        logger,
        metrics,
        sasl,
        ssl: tls && kafkaTls(tls),
        topicPrefix,
        partitions,
        replicationFactor,
      });
    }
    default:
      throw new Error(`Unknown event broker kind "${String((config as { kind: unknown }).kind)}"`);
  }
}

/** The TLS options from PEM files, read once at start; a file that cannot be read is named. */
export function kafkaTls(tls: NonNullable<KafkaSettings['tls']>): boolean | ConnectionOptions {
  if (typeof tls === 'boolean') return tls;
  const pem = (variable: string, path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(
        `${variable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code})`,
      );
    }
  };
  return {
    ...(tls.caFile ? { ca: [pem('KAFKA_TLS_CA_FILE', tls.caFile)] } : {}),
    ...(tls.certFile ? { cert: pem('KAFKA_TLS_CERT_FILE', tls.certFile) } : {}),
    ...(tls.keyFile ? { key: pem('KAFKA_TLS_KEY_FILE', tls.keyFile) } : {}),
  };
}
