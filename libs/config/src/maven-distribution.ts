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
import { join } from 'node:path';

/**
 * Java programs the local stack and the tests run beside Postgres (the Kafka broker, the
 * signature-checking S3 server), fetched from Maven Central with Maven and pinned by digest.
 */

export interface MavenArtifact {
  group: string;
  artifact: string;
  version: string;
}

export interface MavenDistribution {
  /** What it is, for messages ("Apache Kafka 3.9.1"). */
  name: string;
  /** Where the verified jars are kept between runs. */
  home: string;
  /** The artifacts to fetch with their runtime dependencies. */
  artifacts: readonly MavenArtifact[];
  /** SHA-256 over the sorted `<jar> <sha256>` lines of every jar (distributionDigest). */
  sha256: string;
  /** Builds the error thrown when Java or Maven is missing or the fetch fails. */
  error?: (message: string) => Error;
}

/** `java` on the PATH (or in JAVA_HOME), version 17 or newer; else `error(message)` is thrown. */
export function findJava(
  purpose: string,
  error: (message: string) => Error = (message) => new Error(message),
): string {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw error(
      `${purpose} needs Java 17 or newer and none was found (${java}: ${
        probe.error?.message ?? `exit ${probe.status}`
      }). Install a JDK (Debian: apt-get install -y openjdk-17-jre-headless) or set JAVA_HOME.`,
    );
  }
  const major = Number(/version "(\d+)/.exec(probe.stderr)?.[1] ?? 0);
  if (major < 17) {
    throw error(`${purpose} needs Java 17 or newer; ${java} is Java ${major}. Set JAVA_HOME.`);
  }
  return java;
}

/** The jars' digest as a MavenDistribution pins it. */
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

/** Whether the distribution is already fetched and verified (no Java or Maven needed then). */
export function isMavenDistributionInstalled(distribution: MavenDistribution): boolean {
  const marker = join(distribution.home, 'verified');
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === distribution.sha256;
}

function pom(artifacts: readonly MavenArtifact[]): string {
  const dependency = ({ group, artifact, version }: MavenArtifact) =>
    `<dependency><groupId>${group}</groupId><artifactId>${artifact}</artifactId><version>${version}</version></dependency>`;
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>jibs.local</groupId><artifactId>distribution</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    ${artifacts.map(dependency).join('\n    ')}
  </dependencies>
</project>
`;
}

/**
 * The distribution's jars (the folder to run with `java -cp '<dir>/*'`), fetched once from Maven
 * Central with Maven (which checks each download against Central's checksums) and verified
 * against the pinned digest, so a changed jar (a mirror, a corrupted cache) is refused instead of
 * run. Later calls find the marker the verification wrote and fetch nothing.
 */
export function installMavenDistribution(
  distribution: MavenDistribution,
  log: (line: string) => void = () => undefined,
): string {
  const { home, name, sha256 } = distribution;
  const error = distribution.error ?? ((message: string) => new Error(message));
  const libs = join(home, 'libs');
  if (isMavenDistributionInstalled(distribution)) return libs;
  findJava(name, error);
  const mvn = spawnSync('mvn', ['--version'], { encoding: 'utf8' });
  if (mvn.error || mvn.status !== 0) {
    throw error(
      `Fetching ${name} needs Maven (Debian: apt-get install -y maven), which was not found.`,
    );
  }
  log(`fetching ${name} from Maven Central into ${home}`);
  const build = join(home, 'build');
  const staging = join(home, `libs.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(build, { recursive: true });
  writeFileSync(join(build, 'pom.xml'), pom(distribution.artifacts));
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
    throw error(`Maven could not fetch ${name}: ${fetch.error?.message ?? output.join(' | ')}`);
  }
  const digest = distributionDigest(staging);
  if (digest !== sha256) {
    rmSync(staging, { recursive: true, force: true });
    throw error(
      `The fetched ${name} jars do not match the pinned digest ` +
        `(${digest}, expected ${sha256}); refusing to run them.`,
    );
  }
  // Another process (a parallel test worker) may have finished the same fetch meanwhile.
  if (isMavenDistributionInstalled(distribution)) {
    rmSync(staging, { recursive: true, force: true });
    return libs;
  }
  rmSync(libs, { recursive: true, force: true });
  renameSync(staging, libs);
  writeFileSync(join(home, 'verified'), `${digest}\n`);
  log(`${name} verified (${digest.slice(0, 12)}…)`);
  return libs;
}
