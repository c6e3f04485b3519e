import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { freeLocalPort, isLocalPortFree, scratchDir } from '@jibs/config';
import { processAlive } from '@jibs/database';
import { installKafka, javaBinary, kafkaHome, type KafkaDistribution } from './kafka-distribution';
import { createClientCertificate, createServerCertificate } from './local-tls';

export interface LocalKafkaOptions {
  /** Kept between starts when given (the local stack's `.data/kafka`); a temporary folder otherwise. */
  dataDir?: string;
  /** The client listener's port; a free one by default. */
  port?: number;
  /** Partitions of topics created without a count (the broker's `num.partitions`). */
  partitions?: number;
  /** The JVM's heap in MiB (default 512). */
  heapMb?: number;
  /**
   * A SASL_SSL client listener instead of PLAINTEXT, as a managed cluster has: TLS with a
   * certificate from a throwaway CA made at start (in the data folder), and these users for
   * SASL/PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512 (SCRAM ones are created when the folder is
   * formatted). The broker talks to itself on a PLAINTEXT loopback listener. A second client
   * listener, SSL with client certificates required (mutual TLS), is at `mtlsBrokers`.
   */
  saslSsl?: { users: LocalKafkaUser[] };
  log?: (line: string) => void;
}

export interface LocalKafkaUser {
  username: string;
  password: string;
}

export interface LocalKafka {
  /** `host:port` of the broker, for KafkaBroker's `brokers`. */
  brokers: string[];
  dataDir: string;
  /** With `saslSsl`: the PEM file of the CA that signed the broker's certificate. */
  caFile?: string;
  /** With `saslSsl`: the mutual-TLS listener, and a client certificate and key the CA signed. */
  mtls?: { brokers: string[]; certFile: string; keyFile: string };
  /** Stops the broker cleanly (SIGTERM, then SIGKILL after 30 s); a temporary data folder is removed. */
  stop(): Promise<void>;
  /** Kills the broker outright (SIGKILL), keeping its data, as a crash would. */
  kill(): Promise<void>;
  /** Starts the broker again on the same ports and data after stop() or kill(). */
  restart(): Promise<void>;
}

const STARTED = 'Kafka Server started';
const START_TIMEOUT_MS = 120_000;

/**
 * A real single-node Apache Kafka (KRaft: one process is both broker and controller), run with
 * the machine's Java like the embedded Postgres: in its own process group, stopped with the
 * caller. The jars come from Maven Central once (installKafka); every start after that is one
 * JVM on free loopback ports.
 */
export async function startLocalKafka(options: LocalKafkaOptions = {}): Promise<LocalKafka> {
  const log = options.log ?? (() => undefined);
  const java = javaBinary();
  const distribution = installKafka(log);
  let ports = await choosePorts(options);
  const temporary = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(scratchDir(), 'jibs-kafka-'));
  mkdirSync(dataDir, { recursive: true });
  const logs = join(dataDir, 'logs');
  const partitions = options.partitions ?? 8;
  for (const user of options.saslSsl?.users ?? [])
    if (!/^[\w.-]+$/.test(user.username) || !/^[\w.-]+$/.test(user.password))
      throw new Error('Local Kafka users and passwords are letters, digits, "_", "." and "-"');
  const certificate = options.saslSsl && createServerCertificate(join(dataDir, 'tls'));
  const config = join(dataDir, 'server.properties');
  const configure = () =>
    writeFileSync(
      config,
      options.saslSsl && certificate
        ? saslSslServerProperties({ ...ports, logs, partitions, ...options.saslSsl, certificate })
        : serverProperties({ ...ports, logs, partitions }),
    );
  configure();
  writeFileSync(join(dataDir, 'log4j.properties'), LOG4J);
  if (!existsSync(join(logs, 'meta.properties'))) {
    // SCRAM users live in the cluster metadata from the format on: no shared template then.
    if (options.saslSsl) formatWithScramUsers(java, distribution, config, options.saslSsl.users);
    else format(java, distribution, logs);
  }
  const pidFile = join(dataDir, 'kafka.pid');
  await stopLeftover(pidFile);

  let child: ChildProcess | undefined;
  const run = async () => {
    child = launch(java, distribution, dataDir, config, options.heapMb ?? 512);
    writeFileSync(pidFile, String(child.pid));
    await waitUntilStarted(child, log);
  };
  const exit = async (signal: NodeJS.Signals) => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    killGroup(current, signal);
    const timer = setTimeout(() => killGroup(current, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      break;
    } catch (error) {
      // Another listener took a chosen port between the choice and the JVM's bind: choose
      // the others again (the caller's port was free just before, see choosePorts).
      const lost = (error as Error).message.startsWith('EADDRINUSE');
      if (!lost || attempt >= 3) {
        if (temporary) rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
      log(`A chosen port was taken before the broker bound it; choosing others (${attempt}/3)`);
      ports = await choosePorts(options);
      configure();
    }
  }
  return {
    brokers: [`127.0.0.1:${ports.port}`],
    dataDir,
    ...(certificate && {
      caFile: certificate.caFile,
      mtls: {
        brokers: [`127.0.0.1:${ports.mtlsPort}`],
        ...createClientCertificate(join(dataDir, 'tls')),
      },
    }),
    stop: async () => {
      await exit('SIGTERM');
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => exit('SIGKILL'),
    restart: async () => {
      await exit('SIGTERM');
      await run();
    },
  };
}

function serverProperties(o: {
  port: number;
  controllerPort: number;
  logs: string;
  partitions: number;
}): string {
  return `process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${o.controllerPort}
listeners=PLAINTEXT://127.0.0.1:${o.port},CONTROLLER://127.0.0.1:${o.controllerPort}
advertised.listeners=PLAINTEXT://127.0.0.1:${o.port}
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=${o.logs}
num.partitions=${o.partitions}
offsets.topic.replication.factor=1
offsets.topic.num.partitions=8
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
`;
}

/**
 * Clients on SASL_SSL (PLAIN and both SCRAMs, users as given), the broker to itself on a
 * PLAINTEXT loopback listener, the controller as in the plain setup.
 */
function saslSslServerProperties(o: {
  port: number;
  controllerPort: number;
  internalPort: number;
  mtlsPort: number;
  logs: string;
  partitions: number;
  users: LocalKafkaUser[];
  certificate: { keystoreFile: string; keystorePassword: string; caFile: string };
}): string {
  const plainUsers = o.users.map((user) => `user_${user.username}="${user.password}"`).join(' ');
  return serverProperties(o)
    .replace(
      /^listeners=.*$/m,
      `listeners=SASL_SSL://127.0.0.1:${o.port},MTLS://127.0.0.1:${o.mtlsPort},INTERNAL://127.0.0.1:${o.internalPort},CONTROLLER://127.0.0.1:${o.controllerPort}`,
    )
    .replace(
      /^advertised\.listeners=.*$/m,
      `advertised.listeners=SASL_SSL://127.0.0.1:${o.port},MTLS://127.0.0.1:${o.mtlsPort},INTERNAL://127.0.0.1:${o.internalPort}`,
    )
    .replace(/^inter\.broker\.listener\.name=.*$/m, 'inter.broker.listener.name=INTERNAL')
    .replace(
      /^listener\.security\.protocol\.map=.*$/m,
      'listener.security.protocol.map=SASL_SSL:SASL_SSL,MTLS:SSL,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT',
    ).concat(`sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ${plainUsers};
listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
ssl.keystore.type=PKCS12
ssl.keystore.location=${o.certificate.keystoreFile}
ssl.keystore.password=${o.certificate.keystorePassword}
ssl.key.password=${o.certificate.keystorePassword}
ssl.client.auth=none
listener.name.mtls.ssl.client.auth=required
listener.name.mtls.ssl.truststore.type=PEM
listener.name.mtls.ssl.truststore.location=${o.certificate.caFile}
`);
}

// Warnings and errors to stdout, plus the one line that says the server is up.
const LOG4J = `log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
`;

/** `kafka-storage format` for a new data folder, from a template formatted once per install. */
function format(java: string, distribution: KafkaDistribution, logs: string) {
  const template = join(kafkaHome(), 'formatted-template');
  if (!existsSync(join(template, 'meta.properties'))) {
    const staging = `${template}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const formatConfig = join(kafkaHome(), `format-${process.pid}.properties`);
    writeFileSync(
      formatConfig,
      serverProperties({ port: 1, controllerPort: 2, logs: staging, partitions: 1 }),
    );
    const clusterId = kafkaClusterId();
    const result = spawnSync(
      java,
      [
        '-cp',
        `${distribution.libs}/*`,
        'kafka.tools.StorageTool',
        'format',
        '--ignore-formatted',
        '-t',
        clusterId,
        '-c',
        formatConfig,
      ],
      { encoding: 'utf8' },
    );
    rmSync(formatConfig, { force: true });
    if (result.status !== 0) {
      throw new Error(`kafka-storage format failed: ${(result.stderr || result.stdout).trim()}`);
    }
    rmSync(template, { recursive: true, force: true });
    cpSync(staging, template, { recursive: true });
    rmSync(staging, { recursive: true, force: true });
  }
  cpSync(template, logs, { recursive: true });
}

/** `kafka-storage format` of this data folder with the SCRAM credentials of every user. */
/**
 * A cluster id as Kafka makes one (`kafka-storage random-uuid`): 16 random bytes in base64url,
 * drawn again when it starts with `-`, which the storage tool would read as an option
 * ("argument --cluster-id/-t: expected one argument"): one id in 64 did, and failed a start.
 */
export function kafkaClusterId(random: () => Buffer = () => randomBytes(16)): string {
  for (;;) {
    const id = random().toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function formatWithScramUsers(
  java: string,
  distribution: KafkaDistribution,
  config: string,
  users: LocalKafkaUser[],
) {
  const clusterId = kafkaClusterId();
  const scram = users.flatMap((user) =>
    ['SCRAM-SHA-256', 'SCRAM-SHA-512'].flatMap((mechanism) => [
      '--add-scram',
      `${mechanism}=[name=${user.username},password=${user.password}]`,
    ]),
  );
  const result = spawnSync(
    java,
    [
      '-cp',
      `${distribution.libs}/*`,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      clusterId,
      '-c',
      config,
      ...scram,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`kafka-storage format failed: ${(result.stderr || result.stdout).trim()}`);
}

function launch(
  java: string,
  distribution: KafkaDistribution,
  dataDir: string,
  config: string,
  heapMb: number,
): ChildProcess {
  return spawn(
    java,
    [
      `-Xms${Math.min(heapMb, 256)}m`,
      `-Xmx${heapMb}m`,
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-Djava.awt.headless=true',
      `-Dlog4j.configuration=file:${join(dataDir, 'log4j.properties')}`,
      `-Dkafka.logs.dir=${join(dataDir, 'server-logs')}`,
      '-cp',
      `${distribution.libs}/*`,
      'kafka.Kafka',
      config,
    ],
    // Its own process group, like Postgres: a Ctrl-C in the terminal reaches only the caller.
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** A broker left running by a caller that was killed outright: stop it before starting. */
async function stopLeftover(pidFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!processAlive(pid)) return;
  // The number may belong to another process by now: only a Kafka broker is stopped.
  const command = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  if (!command.includes('kafka.Kafka')) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline) process.kill(-pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}

function waitUntilStarted(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    let bindFailed = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (!started) output = (output + text).slice(-4000);
      // Seen on the chunks as they come: the trace's lines after it may push it out of `output`.
      bindFailed ||= /BindException|Address already in use/.test(output);
      if (!started && output.includes(STARTED)) {
        started = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(new Error(`Kafka did not start within ${START_TIMEOUT_MS / 1000} s: ${tail(output)}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started)
        reject(
          new Error(
            // The bind error is a stack trace's first lines, above what tail() keeps.
            `${bindFailed ? 'EADDRINUSE: a port of the broker was taken. ' : ''}Kafka exited during start (${code ?? signal}): ${tail(output)}`,
          ),
        );
    });
  });
}

const tail = (output: string) => output.trim().split('\n').slice(-3).join(' | ');

/**
 * The broker's listeners: the caller's client port (refused at once if something listens on
 * it) and free ones for the rest (below the ephemeral range, see freeLocalPort).
 */
async function choosePorts(options: LocalKafkaOptions): Promise<KafkaPorts> {
  if (options.port !== undefined && !(await isLocalPortFree(options.port)))
    throw new Error(`EADDRINUSE: port ${options.port} (kafka) is already in use on 127.0.0.1`);
  const chosen: number[] = options.port === undefined ? [] : [options.port];
  const next = async () => {
    const port = await freeLocalPort(chosen);
    chosen.push(port);
    return port;
  };
  return {
    port: options.port ?? (await next()),
    controllerPort: await next(),
    internalPort: await next(),
    mtlsPort: await next(),
  };
}

interface KafkaPorts {
  port: number;
  controllerPort: number;
  /** The SASL_SSL setup's own listeners; unused by the plain one. */
  internalPort: number;
  mtlsPort: number;
}
