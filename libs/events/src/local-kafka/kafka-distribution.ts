import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

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
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new KafkaUnavailableError(
      `The local Kafka broker needs Java 17 or newer and none was found (${java}: ${
        probe.error?.message ?? `exit ${probe.status}`
      }). Install a JDK (Debian: apt-get install -y openjdk-17-jre-headless) or set JAVA_HOME.`,
    );
  }
  const major = Number(/version "(\d+)/.exec(probe.stderr)?.[1] ?? 0);
  if (major < 17) {
    throw new KafkaUnavailableError(
      `The local Kafka broker needs Java 17 or newer; ${java} is Java ${major}. Set JAVA_HOME.`,
    );
  }
  return java;
}

/** The jars' digest as pinned in KAFKA_DISTRIBUTION_SHA256. */
export function distributionDigest(libs: string): string {
  const lines = readdirSync(libs)
    .filter((name) => name.endsWith('.jar'))
    .sort()
    .map(
      (name) =>
        `${name} ${createHash('sha256')
          .update(readFileSync(join(libs, name)))
          .digest('hex')}`,
    );
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

function pom(): string {
  const dependency = (group: string, artifact: string, version: string) =>
    `<dependency><groupId>${group}</groupId><artifactId>${artifact}</artifactId><version>${version}</version></dependency>`;
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>jibs.local</groupId><artifactId>kafka-broker</artifactId><version>${KAFKA_VERSION}</version>
  <packaging>pom</packaging>
  <dependencies>
    ${dependency('org.apache.kafka', `kafka_${SCALA_VERSION}`, KAFKA_VERSION)}
    ${dependency(SLF4J_BINDING.group, SLF4J_BINDING.artifact, SLF4J_BINDING.version)}
  </dependencies>
</project>
`;
}

/**
 * The broker's jars, fetched once from Maven Central with Maven and verified. Later calls find
 * them in kafkaHome() and only check the marker the verification wrote.
 */
export function installKafka(log: (line: string) => void = () => undefined): KafkaDistribution {
  const home = kafkaHome();
  const libs = join(home, 'libs');
  const marker = join(home, 'verified');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === KAFKA_DISTRIBUTION_SHA256) {
    return { libs, version: KAFKA_VERSION };
  }
  javaBinary();
  const mvn = spawnSync('mvn', ['--version'], { encoding: 'utf8' });
  if (mvn.error || mvn.status !== 0) {
    throw new KafkaUnavailableError(
      'Fetching the local Kafka broker needs Maven (Debian: apt-get install -y maven), which was not found.',
    );
  }
  log(`fetching Apache Kafka ${KAFKA_VERSION} from Maven Central into ${home}`);
  const build = join(home, 'build');
  const staging = join(home, `libs.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(build, { recursive: true });
  writeFileSync(join(build, 'pom.xml'), pom());
  const fetch = spawnSync(
    'mvn',
    [
      '-B',
      '-q',
      '--strict-checksums',
      '-f',
      join(build, 'pom.xml'),
      'dependency:copy-dependencies',
      `-DoutputDirectory=${staging}`,
      '-DincludeScope=runtime',
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (fetch.error || fetch.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const output = `${fetch.stdout ?? ''}${fetch.stderr ?? ''}`.trim().split('\n').slice(-5);
    throw new KafkaUnavailableError(
      `Maven could not fetch Apache Kafka ${KAFKA_VERSION}: ${fetch.error?.message ?? output.join(' | ')}`,
    );
  }
  const digest = distributionDigest(staging);
  if (digest !== KAFKA_DISTRIBUTION_SHA256) {
    rmSync(staging, { recursive: true, force: true });
    throw new KafkaUnavailableError(
      `The fetched Kafka ${KAFKA_VERSION} jars do not match the pinned digest ` +
        `(${digest}, expected ${KAFKA_DISTRIBUTION_SHA256}); refusing to run them.`,
    );
  }
  rmSync(libs, { recursive: true, force: true });
  renameSync(staging, libs);
  writeFileSync(marker, `${digest}\n`);
  log(`Apache Kafka ${KAFKA_VERSION} verified (${digest.slice(0, 12)}…)`);
  return { libs, version: KAFKA_VERSION };
}
