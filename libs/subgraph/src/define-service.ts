import { DateTimeScalar } from './date-time-scalar';
import {
  Module,
  type DynamicModule,
  type INestApplication,
  type Provider,
  type Type,
} from '@nestjs/common';
import type { Express } from 'express';
import { DataSource } from 'typeorm';
import { AuthModule, type AuthModuleOptions } from '@jibs/auth';
import { loadConfig, type ServiceEnv } from '@jibs/config';
import { DatabaseModule, type DataSourceConfig } from '@jibs/database';
import {
  EVENT_BROKER,
  EventsModule,
  eventEntities,
  eventMigrations,
  type EventBroker,
  type KafkaSettings,
} from '@jibs/events';
import { JobsModule } from '@jibs/jobs';
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
import { AdminExportModule } from './export/admin-export.module';
import { gatewayHeaders } from './gateway-credential';
import { EventLogPruning } from './jobs/event-log-pruning';
import { membersReadModel, type MembersOptions } from './members/members-read-model';
import { operationsProviders } from './operations/operations.resolver';
import {
  describeService,
  type ServiceDescription,
  type ServiceDescriptor,
} from './service-descriptor';
import { subgraphGraphQLModule } from './subgraph-graphql.module';
import { mountTestEvents, testRoutesOn } from './test-routes';

/** The environment every service reads (`serviceEnvSchema`) and its own port. */
export type ServiceConfig = ServiceEnv & { PORT: number };

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
 * bus with outbox and inbox, scheduled jobs once across replicas (`@Recurring` and
 * `@JobHandler` on any provider, libs/jobs), token verification with revocations, the federated GraphQL
 * endpoint, logs, metrics, health) comes with it.
 */
export interface ServiceDefinition<
  C extends ServiceConfig,
  R extends object = object,
> extends ServiceDescription {
  name: string;
  /** Its entities; the outbox, the inbox and the members read model's are added. */
  entities: readonly Type<unknown>[];
  /** Its own migrations; the event tables' and the members read model's are added. */
  migrations: DataSourceConfig['migrations'];
  /**
   * Its `members` read model (libs/subgraph/src/members): who completed registration, learnt
   * from billing, for `@RegisteredMember()`; with `names`, their names from identity too. Adds
   * the table (entity and migration), its consumers and the registration lookup.
   */
  members?: MembersOptions;
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
  /** Every migration of its database, the event tables' included. */
  readonly migrations: DataSourceConfig['migrations'];
  /** What `prepare` makes from the parts (nothing when the definition has no `prepare`). */
  prepare(parts: ServiceParts<C>): Promise<ServiceParts<C> & R>;
  /** The root module, from prepared parts (for tests that assemble the app themselves). */
  module(parts: ServiceParts<C> & R): DynamicModule;
  /** Its config from an environment, by its env schema. */
  loadConfig(env: NodeJS.ProcessEnv): C;
  /** Builds the service, not yet listening: used by `runService` and by tests. */
  createApp(config: C): Promise<{ app: INestApplication; runtime: SubgraphRuntime }>;
}

@Module({})
class ServiceModule {}

export function defineService<C extends ServiceConfig, R extends object = object>(
  definition: ServiceDefinition<C, R>,
): Service<C, R> {
  const { name } = definition;
  const members = definition.members ? membersReadModel(name, definition.members) : undefined;
  const entities = [
    ...definition.entities,
    ...(members?.entities ?? []),
    ...eventEntities,
  ] as Type<unknown>[];
  // TypeORM runs them by timestamp: the event tables first, as every service may rely on them.
  const migrations = [
    ...eventMigrations,
    ...(definition.migrations as unknown[]),
    ...(members?.migrations ?? []),
  ] as DataSourceConfig['migrations'];

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
          migrations,
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
        JobsModule.forRoot(() => ({
          url: config.DATABASE_URL,
          applicationName: `${name}-jobs`,
          logger,
        })),
        AuthModule.forRoot(() => verifier),
        subgraphGraphQLModule(() => ({
          logger,
          metrics,
          production: config.NODE_ENV === 'production',
          ...(definition.subscriptions ? { subscriptions: verifier } : {}),
        })),
        ...(definition.exports?.length
          ? [AdminExportModule.forTables({ tables: definition.exports, logger })]
          : []),
        ...(definition.imports?.(parts) ?? []),
      ],
      providers: [
        { provide: LOGGER, useValue: logger },
        // A DateTime argument that is not one is bad input, not an Invalid Date in a query.
        DateTimeScalar,
        EventLogPruning,
        ...operationsProviders(name, metrics),
        ...(members?.providers ?? []),
        ...definition.providers(parts),
      ],
    };
  };

  const createApp = async (config: C) => {
    const testRoutes = testRoutesOn(config);
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
        if (testRoutes && testEvents?.length) mountTestEvents(express, app, testEvents, logger);
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
    migrations,
    prepare,
    module,
    loadConfig: (env) => loadConfig(definition.envSchema, env) as C,
    createApp,
  };
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
