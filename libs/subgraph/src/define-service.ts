import {
  Module,
  type DynamicModule,
  type INestApplication,
  type Provider,
  type Type,
} from '@nestjs/common';
import { json, type Express } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { AuthModule, type AuthModuleOptions } from '@jibs/auth';
import {
  envDefault,
  envHelpers,
  envSchemaShape,
  loadConfig,
  secretKeys,
  type ServiceEnv,
} from '@jibs/config';
import { DatabaseModule, type DataSourceConfig } from '@jibs/database';
import {
  EVENT_BROKER,
  EventCatalog,
  EventPublisher,
  EventsModule,
  InboxEntity,
  OutboxEntity,
  type EventBroker,
  type EventType,
  type KafkaSettings,
  type PublishRequest,
} from '@jibs/events';
import {
  createLogger,
  createMetrics,
  LOGGER,
  type Logger,
  type ReadinessCheck,
  type ServiceMetrics,
} from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from './bootstrap';
import type { RefusedRequestHook } from './refused-requests';
import type { DiagnosticCheck } from './diagnostics/diagnostic-check';
import { mountDiagnostics } from './diagnostics/diagnostics-route';
import { gatewayHeaders } from './gateway-credential';
import { subgraphGraphQLModule } from './subgraph-graphql.module';

/** The environment every service reads (`serviceEnvSchema`) and its own port. */
export type ServiceConfig = ServiceEnv & { PORT: number };

/** What the local stack (`npm start`) offers a service when it asks for its own variables. */
export interface LocalStackContext {
  /** Where browsers open the app (the gateway). */
  publicOrigin: string;
  /** The stack's generated secrets, kept under its data directory (camelCase names). */
  secrets: Readonly<Record<string, string>>;
}

/**
 * What the tools read about a service without starting it: the launcher, the generators and
 * the compose/Kubernetes checks. `defineService` makes one from its definition
 * (`describeService`).
 */
export interface ServiceDescriptor {
  name: string;
  /** Its zod env schema: defaults, optional variables and `secret()` markers (deploy files). */
  envSchema: z.ZodType;
  /** Its HTTP port (the env schema's PORT default). */
  port: number;
  /** Every variable its env schema reads, in the schema's order. */
  env: readonly string[];
  /**
   * The variables among them that are credentials (never written in a committed file): the ones
   * its env schema marks with `secret()` (libs/config).
   */
  secrets: readonly string[];
  /**
   * Variables of its schema a deployment may leave unset: tests' stand-ins, tuning with
   * production defaults, or settings whose absence is a valid choice.
   */
  deployOptional: readonly string[];
  /** Its S3 buckets: variable naming the bucket -> the local stack's bucket name. */
  buckets: Readonly<Record<string, string>>;
  /** GraphQL subscriptions: the gateway also gets its `<NAME>_WS_URL`. */
  subscriptions: boolean;
  /** Plain HTTP routes the gateway forwards (webhooks, pages): its `<NAME>_HTTP_URL`. */
  gatewayHttp: boolean;
  /** Its own variables in the local stack, beyond the ones every service gets. */
  localEnv(stack: LocalStackContext): Record<string, string>;
}

/** What a service tells the tools about itself, beside its code. */
export interface ServiceDescription {
  name: string;
  /** Its zod env schema: the variables, and PORT's default as its port. */
  envSchema: z.ZodType;
  /**
   * @deprecated Secrets are read from the env schema's `secret()` markers. A list is still
   * accepted (identity's registry entry gives one) but adds nothing: each variable it names
   * must be marked in the schema, so it cannot drift from it.
   */
  secrets?: readonly string[];
  deployOptional?: readonly string[];
  buckets?: Readonly<Record<string, string>>;
  subscriptions?: boolean;
  gatewayHttp?: boolean;
  localEnv?(stack: LocalStackContext): Record<string, string>;
  /**
   * Events a test or a benchmark may ask this service to publish (`POST /testing/events`), so
   * nothing outside it writes its outbox. The route exists only with TEST_ROUTES=true: its env
   * schema reads it (`withTestRoutes`: default false, refused in production).
   */
  testEvents?: readonly EventType[];
}

/** The flag that mounts a service's test-only routes; never set in a deployment. */
export const TEST_ROUTES = 'TEST_ROUTES';

/**
 * A service's env schema with TEST_ROUTES (default false, refused with NODE_ENV=production):
 * the schema of a service that offers `testEvents`.
 */
export function withTestRoutes<S extends z.ZodType<{ NODE_ENV: string }>>(schema: S) {
  return z
    .intersection(schema, z.object({ [TEST_ROUTES]: envHelpers.bool(false) }))
    .refine((env) => !(env.TEST_ROUTES && env.NODE_ENV === 'production'), {
      message: 'TEST_ROUTES is for tests only: refused in production',
      path: [TEST_ROUTES],
    });
}

/** Read by the tools; kept here for the ones that import it from this library. */
export { envSchemaShape };

export function describeService(description: ServiceDescription): ServiceDescriptor {
  const { name, envSchema } = description;
  const port = envDefault(envSchema, 'PORT');
  if (typeof port !== 'number') throw new Error(`${name}: its env schema has no PORT default`);
  const env = Object.keys(envSchemaShape(envSchema));
  if (description.testEvents?.length && !env.includes(TEST_ROUTES))
    throw new Error(`${name}: a service with testEvents reads TEST_ROUTES (withTestRoutes)`);
  const secrets = secretKeys(envSchema);
  const unmarked = (description.secrets ?? []).filter((key) => !secrets.includes(key));
  if (unmarked.length)
    throw new Error(
      `${name}: ${unmarked.join(', ')} must be marked with secret() in its env schema; its secrets are the marked variables (${secrets.join(', ')})`,
    );
  return {
    name,
    envSchema,
    port,
    env,
    secrets,
    deployOptional: [
      ...(description.deployOptional ?? []),
      ...(env.includes(TEST_ROUTES) ? [TEST_ROUTES] : []),
    ],
    buckets: description.buckets ?? {},
    subscriptions: description.subscriptions ?? false,
    gatewayHttp: description.gatewayHttp ?? false,
    localEnv: (stack) => ({ ...description.buckets, ...description.localEnv?.(stack) }),
  };
}

/** What a service's own parts are built from. */
export interface ServiceParts<C extends ServiceConfig> {
  config: C;
  logger: Logger;
  metrics: ServiceMetrics;
}

/** How a service verifies access tokens, when it is not like every other (identity issues them). */
export type ServiceAuth = Pick<AuthModuleOptions, 'localKeys' | 'revocations'>;

/**
 * One subgraph service, named once: what it stores, its own providers, and what else must be
 * up for it to be ready. Everything every service has (its database with migrations, the event
 * bus with outbox and inbox, token verification with revocations, the federated GraphQL
 * endpoint, logs, metrics, health) comes with it.
 */
export interface ServiceDefinition<
  C extends ServiceConfig,
  R extends object = object,
> extends ServiceDescription {
  name: string;
  /** Its entities; the outbox and the inbox are added. */
  entities: readonly Type<unknown>[];
  /** Its migrations, in order (the event tables' first). */
  migrations: DataSourceConfig['migrations'];
  /**
   * What must be made from the config before the module, once per app (e.g. a key read from
   * its PEM): given to every other hook beside the config. A failure stops the start.
   */
  prepare?(parts: ServiceParts<C>): Promise<R>;
  /** Its resolvers, services, consumers and the values they are given. */
  providers(parts: ServiceParts<C> & R): Provider[];
  /** Modules of its own beyond the common ones. */
  imports?(parts: ServiceParts<C> & R): DynamicModule[];
  /** Token verification unlike the others' (the issuer's own keys, its own revocations). */
  auth?(parts: ServiceParts<C> & R): ServiceAuth;
  /** Readiness checks beyond the database and the bus (e.g. its bucket). */
  readiness?(app: INestApplication, config: C): ReadinessCheck[];
  /** Checks an admin's diagnostics run may ask for (`GET /diagnostics/:name`, gateway only). */
  diagnostics?(app: INestApplication, config: C): DiagnosticCheck[];
  /** Plain HTTP routes mounted before Nest's own (webhooks that need the raw body, JWKS). */
  configureHttp?(express: Express, app: INestApplication, parts: ServiceParts<C> & R): void;
  /**
   * What it does after a request body was refused for its text before any resolver ran (an
   * upload a refused confirm leaves is deleted).
   */
  refusedRequests?(app: INestApplication, config: C): RefusedRequestHook[];
}

export interface Service<C extends ServiceConfig, R extends object = object> {
  readonly name: string;
  /** What the launcher and the deployment files read about it. */
  readonly descriptor: ServiceDescriptor;
  /** Every entity of its database, the outbox and inbox included (for generators and tests). */
  readonly entities: Type<unknown>[];
  readonly migrations: DataSourceConfig['migrations'];
  /** What `prepare` makes from the parts (nothing when the definition has no `prepare`). */
  prepare(parts: ServiceParts<C>): Promise<ServiceParts<C> & R>;
  /** The root module, from prepared parts (for tests that assemble the app themselves). */
  module(parts: ServiceParts<C> & R): DynamicModule;
  /** Its config from an environment, by its env schema (what `load<Name>Config` does). */
  loadConfig(env: NodeJS.ProcessEnv): C;
  /** Builds the service, not yet listening: used by its main and by tests. */
  createApp(config: C): Promise<{ app: INestApplication; runtime: SubgraphRuntime }>;
}

@Module({})
class ServiceModule {}

export function defineService<C extends ServiceConfig, R extends object = object>(
  definition: ServiceDefinition<C, R>,
): Service<C, R> {
  const { name } = definition;
  const entities = [...definition.entities, OutboxEntity, InboxEntity] as Type<unknown>[];

  const prepare = async (parts: ServiceParts<C>): Promise<ServiceParts<C> & R> => ({
    ...parts,
    ...((await definition.prepare?.(parts)) as R),
  });

  const module = (parts: ServiceParts<C> & R): DynamicModule => {
    const { config, logger, metrics } = parts;
    const verifier = {
      jwksUrl: config.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocationHeaders: gatewayHeaders(config.GATEWAY_SECRET),
      ...definition.auth?.(parts),
    };
    return {
      module: ServiceModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities,
          migrations: definition.migrations,
          applicationName: name,
        })),
        EventsModule.forRoot({
          source: `jibs/${name}`,
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            kafka: kafkaSettings(config),
            clientId: name,
            logger,
          }),
          metrics: metrics.registry,
        }),
        AuthModule.forRoot(() => verifier),
        subgraphGraphQLModule(() => ({
          logger,
          metrics,
          production: config.NODE_ENV === 'production',
          ...(definition.subscriptions ? { subscriptions: verifier } : {}),
        })),
        ...(definition.imports?.(parts) ?? []),
      ],
      providers: [{ provide: LOGGER, useValue: logger }, ...definition.providers(parts)],
    };
  };

  const createApp = async (config: C) => {
    const testRoutes = testRoutesOn(config);
    // The env schema refuses it already; a config made by hand is refused here.
    if (testRoutes && config.NODE_ENV === 'production')
      throw new Error('TEST_ROUTES is for tests only: refused in production');
    const logger = createLogger(name, config.LOG_LEVEL);
    const metrics = createMetrics(name);
    const parts = await prepare({ config, logger, metrics });
    const { configureHttp, diagnostics, testEvents } = definition;
    const runtime: SubgraphRuntime = {
      service: name,
      logger,
      metrics,
      host: config.HOST,
      port: config.PORT,
      gatewaySecret: config.GATEWAY_SECRET,
      metricsPort: config.METRICS_PORT,
      metricsHost: config.METRICS_HOST,
      readiness: (app) => [
        { name: 'database', check: () => app.get(DataSource).query('SELECT 1') },
        { name: 'broker', check: () => app.get<EventBroker>(EVENT_BROKER).health() },
        ...(definition.readiness?.(app, config) ?? []),
      ],
      configureHttp: (express, app) => {
        if (diagnostics) mountDiagnostics(express, () => diagnostics(app, config));
        if (testRoutes && testEvents?.length) {
          mountTestEvents(express, app, testEvents);
          logger.warn(`test-only routes are on (${TEST_ROUTES}): ${TEST_EVENTS_PATH}`);
        }
        configureHttp?.(express, app, parts);
      },
      refusedRequests: (app) => definition.refusedRequests?.(app, config) ?? [],
    };
    const app = await createSubgraphApp(module(parts), runtime);
    return { app, runtime };
  };

  const descriptor = describeService(definition);
  return {
    name,
    descriptor,
    entities,
    migrations: definition.migrations,
    prepare,
    module,
    loadConfig: (env) => loadConfig(definition.envSchema, env) as C,
    createApp,
  };
}

const testRoutesOn = (config: ServiceConfig): boolean =>
  (config as ServiceConfig & { [TEST_ROUTES]?: boolean })[TEST_ROUTES] === true;

/** Where a test asks a service to publish one of its `testEvents`. */
export const TEST_EVENTS_PATH = '/testing/events';

/** Most events one test-events request may publish (one transaction). */
export const TEST_EVENTS_PER_REQUEST = 1000;

/** A request's events, each of an offered type with data its catalog schema accepts. */
function testEventsBody(allowed: readonly EventType[]) {
  const event = z
    .object({
      type: z.enum(allowed as [EventType, ...EventType[]]),
      subject: z.string().min(1),
      data: z.unknown(),
    })
    .transform((value, ctx) => {
      const data = EventCatalog[value.type].schema.safeParse(value.data);
      if (!data.success) {
        for (const issue of data.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['data', ...issue.path] });
        return z.NEVER;
      }
      return { ...value, data: data.data } as PublishRequest;
    });
  return z.object({ events: z.array(event).min(1).max(TEST_EVENTS_PER_REQUEST) });
}

/**
 * `POST /testing/events` `{ events: [{ type, subject, data }, ...] }`: the service publishes
 * them, in order and in one transaction, through its own EventPublisher, exactly as its code
 * would (the relay, the bus and the consumers then do the rest). Answers 201 `{ ids }`; 400
 * (nothing written) for a type it does not offer or data the event catalog refuses. Mounted
 * after the gateway-credential guard.
 */
function mountTestEvents(
  express: Express,
  app: INestApplication,
  allowed: readonly EventType[],
): void {
  const body = testEventsBody(allowed);
  express.post(TEST_EVENTS_PATH, json({ limit: '2mb' }), (req, res, next) => {
    const parsed = body.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({
        error: `expected { events: [{ type, subject, data }] }, type one of: ${allowed.join(', ')}`,
        issues: parsed.error.issues.map(({ path, message }) => ({ path, message })),
      });
      return;
    }
    const publisher = app.get(EventPublisher);
    app
      .get(DataSource)
      .transaction((manager) => publisher.publishAll(manager, parsed.data.events))
      .then((envelopes) =>
        res
          .status(201)
          .setHeader('cache-control', 'no-store')
          .json({ ids: envelopes.map((envelope) => envelope.id) }),
      )
      .catch(next);
  });
}

/** The Kafka production settings (KAFKA_* in the service env schema) as the broker takes them. */
function kafkaSettings(config: ServiceEnv): KafkaSettings {
  const mechanism = config.KAFKA_SASL_MECHANISM;
  return {
    ...(mechanism && {
      // The env schema refuses a mechanism without both.
      sasl: {
        mechanism,
        username: config.KAFKA_SASL_USERNAME ?? '',
        password: config.KAFKA_SASL_PASSWORD ?? '',
      },
    }),
    tls: config.KAFKA_TLS && {
      caFile: config.KAFKA_TLS_CA_FILE,
      certFile: config.KAFKA_TLS_CERT_FILE,
      keyFile: config.KAFKA_TLS_KEY_FILE,
    },
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    partitions: config.KAFKA_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
}
