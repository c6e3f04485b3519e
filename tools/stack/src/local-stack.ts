import { chmodSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { ensureDatabase, startEmbeddedServer, type EmbeddedServer } from '@jibs/database';
import { startLocalKafka, type LocalKafka } from '@jibs/events';
import { allowBrowserUploads, createS3Client, startVerifyingS3, type TestS3 } from '@jibs/storage';
import { loadOrCreateSecrets } from './secrets';
import { startMailboxPage } from './mailbox-page';
import { Supervisor, type SupervisorOptions } from './restart-policy';
import { ServiceProcess, SUBGRAPH_NODE_FLAGS, type LogSink } from './service-process';
import type { ServiceDescriptor } from '@jibs/subgraph';
import { serviceDescriptors } from './service-registry';
import { metricsPortKey, servicePortKey, type StackPorts } from './ports';

export interface StackOptions extends StackPorts {
  /** Repository root (where dist/ lives). */
  root: string;
  dataDir: string;
  log: LogSink;
  logLevel?: string;
  /** See EmbeddedServerOptions.durableCommits; JIBS_PG_SYNCHRONOUS_COMMIT=off sets it false. */
  durableCommits?: boolean;
  /** Postgres without flushes to disk: a test's stack whose data directory is deleted after. */
  throwaway?: boolean;
  /**
   * The gateway's TRUST_PROXY: proxy hops (or addresses) in front of it. '0' (default): browsers
   * reach it directly. `TRUST_PROXY=1 npm start` behind one reverse proxy.
   */
  trustProxy?: string;
  /**
   * Tests and benchmarks: the services' test-only routes (TEST_ROUTES), through which a service
   * publishes the events its definition offers (`publishTestEvent`). Never for `npm start`.
   */
  testRoutes?: boolean;
  /**
   * The event bus: 'postgres' (default, the embedded log in the `eventlog` database) or 'kafka':
   * a real single-node Apache Kafka started beside Postgres (`EVENT_BUS=kafka npm start`), its
   * data in `<dataDir>/kafka`.
   */
  eventBus?: EventBus;
  /**
   * The S3 API: 's3rver' (default, zero-install, its files in `<dataDir>/s3`; it checks no
   * signatures) or 'verifying': S3Proxy, which refuses every request and presigned URL whose AWS
   * signature does not match, as S3 does (`S3_SERVER=verifying npm start`; needs Java and, once,
   * Maven). Its objects live in memory and are gone when the stack stops. Either listens on
   * 127.0.0.1 only.
   */
  s3Server?: S3ServerKind;
  /**
   * `npm start`: a service or Postgres that dies while the stack runs is started again, with
   * backoff (1 s, 2 s, 4 s … 30 s), saying so through `log('launcher', …)`. Off for tests, which
   * kill services on purpose. Tests of the launcher shorten the delays.
   */
  restartOnExit?: boolean | Pick<SupervisorOptions, 'delayMs' | 'stableMs'>;
  /**
   * OpenTelemetry settings given to every service (standard OTEL_* names, tracingEnvFrom):
   * `OTEL_TRACES_EXPORTER=otlp npm start` turns tracing on. None: tracing is off.
   */
  tracing?: Record<string, string>;
  /**
   * More variables for every service (after the stack's own): the e2e run's shared stack raises
   * identity's SIGN_UPS_PER_ADDRESS_PER_HOUR, as every file's sign-ups come from one address.
   */
  serviceEnv?: Record<string, string>;
}

/**
 * The OTEL_* variables of the launcher's environment, for its services: tracing on with
 * `OTEL_TRACES_EXPORTER=otlp`, sent to `OTEL_EXPORTER_OTLP_ENDPOINT` (default
 * http://localhost:4318). Each service names itself, so OTEL_SERVICE_NAME is not passed on.
 */
export function tracingEnvFrom(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('OTEL_') && entry[0] !== 'OTEL_SERVICE_NAME' && entry[1] !== undefined,
    ),
  );
}

export type EventBus = 'postgres' | 'kafka';
export type S3ServerKind = 's3rver' | 'verifying';

/** `S3_SERVER` as the launcher and the e2e tests read it. */
export function s3ServerFromEnv(value = process.env.S3_SERVER): S3ServerKind {
  if (value === undefined || value === '' || value === 's3rver') return 's3rver';
  if (value === 'verifying') return 'verifying';
  throw new Error(`S3_SERVER must be 's3rver' or 'verifying', not '${value}'`);
}

/** `EVENT_BUS` as the launcher, tests and benchmarks read it. */
export function eventBusFromEnv(value = process.env.EVENT_BUS): EventBus {
  if (value === undefined || value === '' || value === 'postgres') return 'postgres';
  if (value === 'kafka') return 'kafka';
  throw new Error(`EVENT_BUS must be 'postgres' or 'kafka', not '${value}'`);
}

/** A subgraph (from the service definitions) or 'gateway'. */
export type ServiceName = string;

interface S3rverServer {
  run(): Promise<unknown>;
  close(): Promise<unknown>;
}

interface S3Server {
  close(): Promise<unknown>;
}

/**
 * The whole product on one machine: embedded Postgres (one database per service plus the
 * event log), a local S3 endpoint, a mailbox, every service and the gateway with the web
 * client. The same code paths as production; only configuration differs.
 */
export class LocalStack {
  readonly services = new Map<ServiceName, ServiceProcess>();
  private postgres?: EmbeddedServer;
  private supervisor?: Supervisor;
  /** The credentials the services sign S3 requests with (tests read the buckets with them). */
  s3Credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The Kafka broker, when the stack runs on Kafka (tests stop and restart it for faults). */
  kafka?: LocalKafka;
  /** Set by start(): whether this data directory was new, and the first admin's address. */
  firstRun = false;
  adminEmail?: string;
  /** Only on the first run, and only when the operator did not choose the password. */
  generatedAdminPassword?: string;
  private s3?: S3Server;
  private mailbox?: Server;
  /** Every subgraph, from its definition (tools/stack/src/service-registry.ts). */
  private readonly subgraphs: readonly ServiceDescriptor[];

  constructor(readonly options: StackOptions) {
    this.subgraphs = serviceDescriptors();
  }

  get gatewayUrl(): string {
    return `http://localhost:${this.options.gatewayPort}`;
  }

  get mailboxUrl(): string {
    return `http://localhost:${this.options.mailboxPort}`;
  }

  get mailboxDir(): string {
    return join(this.options.dataDir, 'mailbox');
  }

  /** A database of the running stack (tests and benchmarks inspect what services wrote). */
  databaseUrl(name: string): string {
    if (!this.postgres) throw new Error('the stack is not running');
    const url = new URL(this.postgres.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  service(name: ServiceName): ServiceProcess {
    const service = this.services.get(name);
    if (!service) throw new Error(`unknown service ${name}`);
    return service;
  }

  async start(): Promise<void> {
    const { options } = this;
    mkdirSync(options.dataDir, { recursive: true });
    // Others may pass through (Postgres runs as its own user when started by root) but not list.
    chmodSync(options.dataDir, 0o711);
    const { secrets, created } = loadOrCreateSecrets(options.dataDir);
    this.firstRun = created;
    this.adminEmail = secrets.adminEmail;
    this.generatedAdminPassword =
      created && !process.env.ADMIN_PASSWORD ? secrets.adminPassword : undefined;

    const { subgraphs } = this;
    const databases = [...subgraphs.map((service) => service.name), 'eventlog'];
    const startPostgres = () =>
      startEmbeddedServer({
        dataDir: join(options.dataDir, 'postgres'),
        port: options.postgresPort,
        password: secrets.postgresPassword,
        durableCommits: options.durableCommits ?? process.env.JIBS_PG_SYNCHRONOUS_COMMIT !== 'off',
        throwaway: options.throwaway,
        // A throwaway cluster is a copy of a cached one that has these already.
        databases,
      });
    this.postgres = await startPostgres();
    const dbUrl = (name: string) => this.databaseUrl(name);
    for (const name of databases) await ensureDatabase(dbUrl(name));
    const buckets = subgraphs.flatMap((service) => Object.values(service.buckets));
    const eventBus = options.eventBus ?? 'postgres';
    if (eventBus === 'kafka') {
      this.kafka = await startLocalKafka({
        dataDir: join(options.dataDir, 'kafka'),
        log: (line) => {
          if (/\b(WARN|ERROR|FATAL)\b/.test(line) && !/already been closed/.test(line)) {
            options.log('kafka', line);
          }
        },
      });
    }

    const s3Credentials = await this.startS3(secrets, buckets);
    this.s3Credentials = s3Credentials;
    this.mailbox = await startMailboxPage(this.mailboxDir, options.mailboxPort);

    const servicePort = (name: string) => options[servicePortKey(name)];
    const metricsPort = (name: string) => options[metricsPortKey(name)];
    const identityUrl = `http://127.0.0.1:${servicePort('identity')}`;
    const common: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      LOG_LEVEL: options.logLevel ?? 'info',
      HOST: '127.0.0.1',
      ...(this.kafka
        ? { EVENT_BROKER: 'kafka', KAFKA_BROKERS: this.kafka.brokers.join(',') }
        : { EVENT_BROKER: 'postgres', EVENTLOG_DATABASE_URL: dbUrl('eventlog') }),
      JWKS_URL: `${identityUrl}/.well-known/jwks.json`,
      JWT_ISSUER: 'jibs-identity',
      JWT_AUDIENCE: 'jibs',
      MAIL_TRANSPORT: 'mailbox',
      MAILBOX_DIR: this.mailboxDir,
      S3_ENDPOINT: `http://127.0.0.1:${options.s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // Subgraphs answer only requests carrying it; the gateway sends it on every one.
      GATEWAY_SECRET: secrets.gatewaySecret,
      // /metrics on its own port, on loopback only (the gateway's public HOST is 0.0.0.0).
      METRICS_HOST: '127.0.0.1',
      // V8's compiled code of every module, kept from one start to the next (Node checks each
      // entry against its source, so a rebuilt file compiles again): a test stack's services were
      // ready about 2.7 s sooner on two cores (docs/benchmarks.md, "A test stack's start").
      NODE_COMPILE_CACHE:
        process.env.NODE_COMPILE_CACHE ?? resolve(options.root, 'node_modules/.cache/node-compile'),
      ...(options.testRoutes ? { TEST_ROUTES: 'true' } : {}),
      ...options.tracing,
      ...options.serviceEnv,
    };
    const entry = (name: string) => resolve(options.root, `dist/server/apps/${name}/src/main.js`);
    const local = { publicOrigin: this.gatewayUrl, secrets: { ...secrets } };
    subgraphs.forEach((service) => {
      const { name } = service;
      this.services.set(
        name,
        new ServiceProcess(
          {
            name,
            entry: entry(name),
            port: servicePort(name),
            nodeFlags: SUBGRAPH_NODE_FLAGS,
            env: {
              ...common,
              ...service.localEnv(local),
              DATABASE_URL: dbUrl(name),
              METRICS_PORT: String(metricsPort(name)),
            },
          },
          options.log,
        ),
      );
    });
    this.services.set(
      'gateway',
      new ServiceProcess(
        {
          name: 'gateway',
          entry: entry('gateway'),
          port: options.gatewayPort,
          env: {
            ...common,
            HOST: '0.0.0.0',
            METRICS_PORT: String(options.gatewayMetricsPort),
            // Browsers reach the gateway directly unless told otherwise: the peer is the client.
            TRUST_PROXY: options.trustProxy ?? '0',
            SUPERGRAPH_PATH: resolve(options.root, 'apps/gateway/supergraph.graphql'),
            WEB_DIST_DIR: resolve(options.root, 'dist/apps/web'),
            PUBLIC_ORIGIN: this.gatewayUrl,
            // The browser PUTs documents and memorial photos straight to the local S3 endpoint.
            CSP_CONNECT_SRC: `http://127.0.0.1:${options.s3Port}`,
            ...Object.fromEntries(
              subgraphs.flatMap(({ name, subscriptions, gatewayHttp }) => {
                const NAME = name.toUpperCase();
                const at = `127.0.0.1:${servicePort(name)}`;
                return [
                  [`${NAME}_URL`, `http://${at}/graphql`],
                  ...(subscriptions ? [[`${NAME}_WS_URL`, `ws://${at}/graphql`]] : []),
                  ...(gatewayHttp ? [[`${NAME}_HTTP_URL`, `http://${at}`]] : []),
                ];
              }),
            ),
          },
        },
        options.log,
      ),
    );
    // Subgraphs in parallel (they only need Postgres), then the gateway that fronts them.
    await Promise.all(subgraphs.map(({ name }) => this.service(name).start()));
    await this.service('gateway').start();
    if (options.restartOnExit) this.superviseAll(startPostgres);
  }

  /** Postgres' process id while it runs (tests of the launcher kill it as a crash would). */
  get postgresPid(): number | undefined {
    return this.postgres?.pid;
  }

  private superviseAll(startPostgres: () => Promise<EmbeddedServer>): void {
    const { restartOnExit } = this.options;
    const supervisor = new Supervisor({
      say: (line) => this.options.log('launcher', line),
      ...(typeof restartOnExit === 'object' ? restartOnExit : {}),
    });
    this.supervisor = supervisor;
    supervisor.watch({
      name: 'postgres',
      exited: () => this.postgres!.exited,
      restart: async () => {
        this.postgres = await startPostgres();
      },
    });
    for (const service of this.services.values()) {
      supervisor.watch({
        name: service.spec.name,
        exited: () => service.exited(),
        restart: async () => {
          try {
            await service.start();
          } catch (error) {
            // Not ready in time (or it died again): nothing half-started stays behind.
            await service.kill();
            throw error;
          }
        },
      });
    }
  }

  /**
   * The S3 API on 127.0.0.1:s3Port with the services' buckets, open to browser PUTs from the web
   * origin (CORS); returns the credentials the services sign with.
   */
  private async startS3(
    secrets: { s3AccessKeyId: string; s3SecretAccessKey: string },
    buckets: readonly string[],
  ): Promise<{ accessKeyId: string; secretAccessKey: string }> {
    const { options } = this;
    const origins = [this.gatewayUrl, `http://127.0.0.1:${options.gatewayPort}`];
    if ((options.s3Server ?? 's3rver') === 'verifying') {
      // Fresh credentials each start: only the services this stack starts can sign.
      const verifying: TestS3 = await startVerifyingS3(buckets, {
        port: options.s3Port,
        corsOrigins: origins,
        log: (line) => {
          if (/\b(WARN|ERROR)\b/.test(line)) options.log('s3', line);
        },
      });
      verifying.client.destroy();
      this.s3 = { close: () => verifying.stop() };
      return {
        accessKeyId: verifying.env.S3_ACCESS_KEY_ID!,
        secretAccessKey: verifying.env.S3_SECRET_ACCESS_KEY!,
      };
    }
    // s3rver ships as CommonJS; loaded lazily so unit tests of this file need no S3.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const S3rver = require('s3rver') as new (options: object) => S3rverServer;
    const s3rver = new S3rver({
      port: options.s3Port,
      address: '127.0.0.1',
      directory: join(options.dataDir, 's3'),
      silent: true,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    await s3rver.run();
    this.s3 = s3rver;
    await this.allowBrowserUploads(secrets, buckets, origins);
    return { accessKeyId: secrets.s3AccessKeyId, secretAccessKey: secrets.s3SecretAccessKey };
  }

  /** Browsers PUT files straight to the buckets from the web origin: the buckets' CORS. */
  private async allowBrowserUploads(
    secrets: { s3AccessKeyId: string; s3SecretAccessKey: string },
    buckets: readonly string[],
    origins: readonly string[],
  ): Promise<void> {
    const s3 = createS3Client({
      S3_ENDPOINT: `http://127.0.0.1:${this.options.s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: secrets.s3AccessKeyId,
      S3_SECRET_ACCESS_KEY: secrets.s3SecretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
    try {
      for (const bucket of buckets) {
        await allowBrowserUploads(s3, { bucket, origins });
      }
    } finally {
      s3.destroy();
    }
  }

  /** Everything it started, in reverse order; safe to call twice. */
  async stop(): Promise<void> {
    // A clean shutdown is no crash: nothing is restarted from here on.
    await this.supervisor?.stop();
    await this.services.get('gateway')?.stop();
    // Identity last: the others' revocation-list polls are answered to the end, rather than
    // reset by its closing (a warning per service on every stop).
    await Promise.all(
      this.subgraphs
        .filter(({ name }) => name !== 'identity')
        .map(({ name }) => this.services.get(name)?.stop()),
    );
    await this.services.get('identity')?.stop();
    await new Promise((resolve) =>
      this.mailbox ? this.mailbox.close(resolve) : resolve(undefined),
    );
    this.mailbox = undefined;
    await this.s3?.close().catch(() => undefined);
    this.s3 = undefined;
    await this.kafka?.stop().catch(() => undefined);
    this.kafka = undefined;
    await this.postgres?.stop().catch(() => undefined);
    this.postgres = undefined;
  }
}
