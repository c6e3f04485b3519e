import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import type { ApolloFederationDriverConfig } from '@nestjs/apollo';
import type { DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { bearerToken, createTokenVerifier } from '@jibs/auth';
import type { Logger, ServiceMetrics } from '@jibs/observability';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { createErrorFormatter, createSocketErrorFormatter } from './format-error';
import { metricsPlugin } from './metrics-plugin';
import { NoServiceFieldRule } from './service-field-rule';
import { SubgraphDriver } from './subgraph-driver';
import { buildContext } from './subgraph-context';

export interface SubgraphGraphQLOptions {
  logger: Logger;
  metrics: ServiceMetrics;
  production: boolean;
  /**
   * Introspection and `_service` are answered in development only (the local stack); by
   * default when NODE_ENV is `development`.
   */
  development?: boolean;
  /** Serve `Subscription` operations over graphql-ws on /graphql (tokens verified on connect). */
  subscriptions?: { jwksUrl: string; issuer: string; audience: string };
}

/** A code-first Apollo Federation 2 subgraph with the project's error, auth and metrics rules. */
export function subgraphGraphQLModule(options: () => SubgraphGraphQLOptions): DynamicModule {
  return GraphQLModule.forRootAsync<ApolloFederationDriverConfig>({
    driver: SubgraphDriver,
    useFactory: () => {
      const { logger, metrics, production, subscriptions, ...rest } = options();
      const development =
        !production && (rest.development ?? process.env['NODE_ENV'] === 'development');
      const verify = subscriptions ? createTokenVerifier(subscriptions) : undefined;
      const socketErrors = createSocketErrorFormatter(logger);
      return {
        autoSchemaFile: { federation: 2 },
        sortSchema: true,
        path: '/graphql',
        playground: false,
        introspection: development,
        validationRules: development ? [] : [NoServiceFieldRule],
        includeStacktraceInErrorResponses: false,
        csrfPrevention: true,
        context: buildContext,
        // The access guard decides field and entity-reference resolvers too (and the interceptor
        // of `@SelfOrAdmin({ othersGet: null })` answers others with null): see @jibs/auth.
        fieldResolverEnhancers: ['guards', 'interceptors'],
        formatError: createErrorFormatter(logger),
        // No usage reporting leaves the service, so no traces are built for it.
        plugins: [metricsPlugin(metrics), ApolloServerPluginInlineTraceDisabled()],
        ...(verify
          ? {
              subscriptions: {
                'graphql-ws': {
                  path: '/graphql',
                  // Apollo's formatError does not reach the socket: the same formatting here.
                  onNext: (
                    _ctx: unknown,
                    _id: string,
                    _payload: unknown,
                    _args: unknown,
                    result: ExecutionResult,
                  ) =>
                    result.errors
                      ? { ...result, errors: socketErrors.next(result.errors) }
                      : undefined,
                  onError: (
                    _ctx: unknown,
                    _id: string,
                    _payload: unknown,
                    errors: readonly GraphQLError[],
                  ) => socketErrors.error(errors),
                  onConnect: async (ctx: {
                    connectionParams?: Record<string, unknown>;
                    extra: { user?: unknown };
                  }) => {
                    const token = bearerToken(ctx.connectionParams?.['authorization']);
                    if (!token) return false;
                    try {
                      ctx.extra.user = await verify!(token);
                      return true;
                    } catch {
                      return false;
                    }
                  },
                },
              },
            }
          : {}),
      } as ApolloFederationDriverConfig;
    },
  });
}
