import { homedir } from 'node:os';
import { join } from 'node:path';
import { findJava, installMavenDistribution, type MavenDistribution } from '@jibs/config';

export { distributionDigest } from '@jibs/config';

/** The broker compose deploys (`apache/kafka:3.9.x`), from Maven Central. */
export const KAFKA_VERSION = '3.9.1';
const SCALA_VERSION = '2.13';
/** Kafka 3.9 logs through SLF4J 1.7; its own distribution binds it to reload4j. */
const SLF4J_BINDING = { group: 'org.slf4j', artifact: 'slf4j-reload4j', version: '1.7.36' };

/**
 * SHA-256 over the sorted `<jar> <sha256>` lines of every jar the broker runs with. Maven checks
 * each download against Central's own checksums (--strict-checksums); this pins the whole set, so
 * a changed jar (a mirror, a corrupted cache) is refused instead of run.
 */
export const KAFKA_DISTRIBUTION_SHA256 =
  '8544ba02632ceedca87a773f8c5363df479e5ac436252815ef66ae472f86c8a8';

export interface KafkaDistribution {
  /** Folder of the broker's jars, for `java -cp '<dir>/*'`. */
  libs: string;
  version: string;
}

/** Where the verified distribution is kept between runs (`JIBS_KAFKA_HOME` moves it). */
export function kafkaHome(): string {
  return process.env.JIBS_KAFKA_HOME ?? join(homedir(), '.cache', 'jibs', `kafka-${KAFKA_VERSION}`);
}

export class KafkaUnavailableError extends Error {}

/** `java` on the PATH (or in JAVA_HOME), version 17 or newer; a clear error otherwise. */
export function javaBinary(): string {
  return findJava('The local Kafka broker', (message) => new KafkaUnavailableError(message));
}

function distribution(): MavenDistribution {
  return {
    name: `Apache Kafka ${KAFKA_VERSION}`,
    home: kafkaHome(),
    artifacts: [
      { group: 'org.apache.kafka', artifact: `kafka_${SCALA_VERSION}`, version: KAFKA_VERSION },
      SLF4J_BINDING,
    ],
    sha256: KAFKA_DISTRIBUTION_SHA256,
    error: (message) => new KafkaUnavailableError(message),
  };
}

/**
 * The broker's jars, fetched once from Maven Central with Maven and verified. Later calls find
 * them in kafkaHome() and only check the marker the verification wrote.
 */
export function installKafka(log: (line: string) => void = () => undefined): KafkaDistribution {
  return { libs: installMavenDistribution(distribution(), log), version: KAFKA_VERSION };
}
