import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import {
  findJava,
  freeLocalPort,
  isLocalPortFree,
  installMavenDistribution,
  isMavenDistributionInstalled,
  type MavenDistribution,
} from '@jibs/config';
import { createS3Client } from './s3-client';
import type { StorageEnv } from './storage-env';
import type { TestS3 } from './test-s3';

/**
 * S3Proxy (org.gaul:s3proxy, Apache-2.0): an S3 API that checks AWS Signature V4 on every request
 * and every presigned URL (key, bucket, method, expiry and the signed headers), unlike s3rver.
 * It keeps objects in memory (jclouds' transient store). From Maven Central, like Kafka.
 */
export const S3PROXY_VERSION = '2.9.0';

/** SHA-256 over the sorted `<jar> <sha256>` lines of S3Proxy's jars (see distributionDigest). */
export const S3PROXY_DISTRIBUTION_SHA256 =
  '210fc219e525d24a19c7580748ff2e72336dc8cd6a713e6a444601c7bb133357';

export class VerifyingS3UnavailableError extends Error {}

/** Where the verified jars are kept between runs (`JIBS_S3PROXY_HOME` moves them). */
export function s3ProxyHome(): string {
  return (
    process.env.JIBS_S3PROXY_HOME ?? join(homedir(), '.cache', 'jibs', `s3proxy-${S3PROXY_VERSION}`)
  );
}

function distribution(): MavenDistribution {
  return {
    name: `S3Proxy ${S3PROXY_VERSION}`,
    home: s3ProxyHome(),
    artifacts: [{ group: 'org.gaul', artifact: 's3proxy', version: S3PROXY_VERSION }],
    sha256: S3PROXY_DISTRIBUTION_SHA256,
    error: (message) => new VerifyingS3UnavailableError(message),
  };
}

/** S3Proxy's jars, fetched once with Maven and verified; the folder for `java -cp '<dir>/*'`. */
export function installS3Proxy(log: (line: string) => void = () => undefined): string {
  return installMavenDistribution(distribution(), log);
}

/**
 * Why the verifying server cannot run here (no Java 17+, or neither the fetched jars nor Maven
 * to fetch them), or undefined when it can.
 */
export function verifyingS3Unavailable(): string | undefined {
  try {
    findJava('The verifying S3 server');
  } catch (error) {
    return (error as Error).message;
  }
  if (isMavenDistributionInstalled(distribution())) return undefined;
  const mvn = spawnSync('mvn', ['--version'], { encoding: 'utf8' });
  if (mvn.error || mvn.status !== 0) {
    return 'Fetching S3Proxy needs Maven (Debian: apt-get install -y maven), which was not found.';
  }
  return undefined;
}

export interface VerifyingS3Options {
  /** The port on 127.0.0.1; a free one by default. */
  port?: number;
  /** The only credentials it accepts; a fresh random pair by default. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Origins allowed to PUT and GET from a browser (S3Proxy's CORS is set at start, not per bucket). */
  corsOrigins?: readonly string[];
  /** Its warnings and errors. */
  log?: (line: string) => void;
}

const START_TIMEOUT_MS = 120_000;

// Warnings and errors only; the default configuration logs every request at DEBUG.
const LOGBACK = `<configuration>
  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{0} - %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="STDERR"/></root>
</configuration>
`;

/**
 * A signature-checking S3 API on 127.0.0.1 (S3Proxy in its own JVM, objects in memory) with the
 * given buckets, in the TestS3 shape: requests without a valid AWS Signature V4 (or V2) for its
 * one credential are refused with 403, presigned URLs included. Stop removes everything.
 */
export async function startVerifyingS3(
  buckets: readonly string[],
  options: VerifyingS3Options = {},
): Promise<TestS3> {
  const log = options.log ?? (() => undefined);
  const java = findJava('The verifying S3 server', (m) => new VerifyingS3UnavailableError(m));
  const libs = installS3Proxy(log);
  const directory = mkdtempSync(join(tmpdir(), 'jibs-s3proxy-'));
  // S3Proxy exits without a word when its port is taken: say so first (the e2e stack retries
  // its start on other ports on EADDRINUSE).
  if (options.port !== undefined && !(await isLocalPortFree(options.port))) {
    throw new VerifyingS3UnavailableError(
      `EADDRINUSE: port ${options.port} (s3) is already in use on 127.0.0.1`,
    );
  }
  const port = options.port ?? (await freeLocalPort());
  const endpoint = `http://127.0.0.1:${port}`;
  const accessKeyId = options.accessKeyId ?? `jibs-${randomBytes(6).toString('hex')}`;
  const secretAccessKey = options.secretAccessKey ?? randomBytes(24).toString('base64url');
  const origins = options.corsOrigins ?? [];
  const properties = [
    `s3proxy.endpoint=${endpoint}`,
    's3proxy.authorization=aws-v2-or-v4',
    `s3proxy.identity=${accessKeyId}`,
    `s3proxy.credential=${secretAccessKey}`,
    'jclouds.provider=transient',
    ...(origins.length
      ? [
          `s3proxy.cors-allow-origins=${origins.join(' ')}`,
          's3proxy.cors-allow-methods=GET HEAD PUT',
          // Compared case-sensitively with the preflight's list, which browsers send lowercase.
          's3proxy.cors-allow-headers=content-type Content-Type',
          's3proxy.cors-exposed-headers=ETag',
        ]
      : []),
  ];
  const config = join(directory, 's3proxy.properties');
  writeFileSync(config, `${properties.join('\n')}\n`, { mode: 0o600 });
  writeFileSync(join(directory, 'logback.xml'), LOGBACK);

  const child = spawn(
    java,
    [
      '-Xms64m',
      '-Xmx256m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-Djava.awt.headless=true',
      `-Dlogback.configurationFile=${join(directory, 'logback.xml')}`,
      '-cp',
      `${libs}/*`,
      'org.gaul.s3proxy.Main',
      '--properties',
      config,
    ],
    // Its own process group, like Postgres and Kafka: a Ctrl-C reaches only the caller.
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      output.push(line);
      if (output.length > 50) output.shift();
      log(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // A caller that exits without stop() (a killed test worker) takes the server with it.
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const client = createS3Client({
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: true,
  });
  const stop = async () => {
    client.destroy();
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(child, endpoint, output);
    for (const bucket of buckets) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    await stop();
    throw error;
  }
  const env: StorageEnv = {
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: true,
  };
  return { server: 'verifying', env, endpoint, client, stop };
}

/** Until the port answers HTTP (an unsigned request gets its 403). */
async function waitUntilListening(
  child: ChildProcess,
  endpoint: string,
  output: readonly string[],
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Its last words may still be in the pipes.
      if (child.stdout && !child.stdout.readableEnded) {
        await new Promise((resolve) => {
          child.once('close', resolve);
          setTimeout(resolve, 1000);
        });
      }
      throw new VerifyingS3UnavailableError(
        `S3Proxy exited while starting (${child.exitCode ?? child.signalCode}): ${
          output.slice(-5).join(' | ') || 'no output'
        }`,
      );
    }
    try {
      await fetch(endpoint, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) {
        throw new VerifyingS3UnavailableError(
          `S3Proxy did not answer on ${endpoint} within ${START_TIMEOUT_MS / 1000} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
