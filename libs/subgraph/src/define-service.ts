import {
  Module,
  type DynamicModule,
  type INestApplication,
  type Provider,
  type Type,
} from '@nestjs/common';
import type { Express } from 'express';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AuthModule } from '@jibs/auth';
import { envDefault, envSchemaShape, loadConfig, secretKeys, type ServiceEnv } from '@jibs/config';
import { DatabaseModule, type DataSourceConfig } from '@jibs/database';
import {
  EVENT_BROKER,
  EventsModule,
  InboxEntity,
  OutboxEntity,
  type EventBroker,
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
 * the compose/Kubernetes checks. `defineService` makes one from its definition; a service that
 * is not made with it (identity) gives one with `describeService`.
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
}

/** Read by the tools; kept here for the ones that import it from this library. */
export { envSchemaShape };

export function describeService(description: ServiceDescription): ServiceDescriptor {
  const { name, envSchema } = description;
  const port = envDefault(envSchema, 'PORT');
  if (typeof port !== 'number') throw new Error(`${name}: its env schema has no PORT default`);
  const env = Object.keys(envSchemaShape(envSchema));
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
    deployOptional: description.deployOptional ?? [],
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

/**
 * One subgraph service, named once: what it stores, its own providers, and what else must be
 * up for it to be ready. Everything every service has (its database with migrations, the event
 * bus with outbox and inbox, token verification with revocations, the federated GraphQL
 * endpoint, logs, metrics, health) comes with it.
 */
export interface ServiceDefinition<C extends ServiceConfig> extends ServiceDescription {
  name: string;
  /** Its entities; the outbox and the inbox are added. */
  entities: readonly Type<unknown>[];
  /** Its migrations, in order (the event tables' first). */
  migrations: DataSourceConfig['migrations'];
  /** Its resolvers, services, consumers and the values they are given. */
  providers(parts: ServiceParts<C>): Provider[];
  /** Modules of its own beyond the common ones. */
  imports?(parts: ServiceParts<C>): DynamicModule[];
  /** Readiness checks beyond the database and the bus (e.g. its bucket). */
  readiness?(app: INestApplication, config: C): ReadinessCheck[];
  /** Checks an admin's diagnostics run may ask for (`GET /diagnostics/:name`, gateway only). */
  diagnostics?(app: INestApplication, config: C): DiagnosticCheck[];
  /** Plain HTTP routes mounted before Nest's own (webhooks that need the raw body, JWKS). */
  configureHttp?(express: Express, app: INestApplication, parts: ServiceParts<C>): void;
}

export interface Service<C extends ServiceConfig> {
  readonly name: string;
  /** What the launcher and the deployment files read about it. */
  readonly descriptor: ServiceDescriptor;
  /** Every entity of its database, the outbox and inbox included (for generators and tests). */
  readonly entities: Type<unknown>[];
  readonly migrations: DataSourceConfig['migrations'];
  /** The root module (for tests that assemble the app themselves). */
  module(parts: ServiceParts<C>): DynamicModule;
  /** Its config from an environment, by its env schema (what `load<Name>Config` does). */
  loadConfig(env: NodeJS.ProcessEnv): C;
  /** Builds the service, not yet listening: used by its main and by tests. */
  createApp(config: C): Promise<{ app: INestApplication; runtime: SubgraphRuntime }>;
}

@Module({})
class ServiceModule {}

export function defineService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): Service<C> {
  const { name } = definition;
  const entities = [...definition.entities, OutboxEntity, InboxEntity] as Type<unknown>[];

  const module = (parts: ServiceParts<C>): DynamicModule => {
    const { config, logger, metrics } = parts;
    const verifier = {
      jwksUrl: config.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocationHeaders: gatewayHeaders(config.GATEWAY_SECRET),
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
    const logger = createLogger(name, config.LOG_LEVEL);
    const metrics = createMetrics(name);
    const parts = { config, logger, metrics };
    const { configureHttp, diagnostics } = definition;
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
        configureHttp?.(express, app, parts);
      },
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
    module,
    loadConfig: (env) => loadConfig(definition.envSchema, env) as C,
    createApp,
  };
}
