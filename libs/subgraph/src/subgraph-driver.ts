import {
  ApolloServer,
  type ApolloServerOptions,
  type BaseContext,
  type ContextFunction,
} from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { graphqlHttpHandler } from './graphql-http';

type ExpressContext = ContextFunction<[{ req: Request; res: Response }], BaseContext>;

/**
 * Nest's Apollo Federation driver with the gateway's HTTP handler in place of
 * `@as-integrations/express5`'s (see graphql-http.ts: that one calls the deprecated `url.parse`
 * on every request, which walks the stack, and hashes every POST answer for an ETag).
 * `registerExpress` is the base driver's (@nestjs/apollo 14), with only the handler changed:
 * the same empty-body workaround, the same drain plugin, the same server options.
 */
@Injectable()
export class SubgraphDriver extends ApolloFederationDriver {
  protected override async registerExpress(
    options: ApolloFederationDriverConfig,
    { preStartHook }: { preStartHook?: () => void } = {},
  ): Promise<void> {
    const { path = '/graphql', typeDefs, resolvers, schema } = options;
    const httpAdapter = this.httpAdapterHost.httpAdapter;
    // As the base driver: body-parser leaves `req.body` unset on a request with no payload.
    httpAdapter.use(path, (req: Request, _res: Response, next: NextFunction) => {
      req.body = (req.body as unknown) ?? {};
      next();
    });
    const drain = ApolloServerPluginDrainHttpServer({
      httpServer: httpAdapter.getHttpServer(),
    });
    preStartHook?.();
    // Nest's options name Apollo's types from its ESM build, this file from its CJS build: the
    // same objects, told apart by TypeScript only.
    const server = new ApolloServer<BaseContext>({
      typeDefs,
      resolvers,
      schema,
      ...options,
      plugins: [...((options.plugins ?? []) as unknown[]), drain],
    } as unknown as ApolloServerOptions<BaseContext>);
    await server.start();
    const context: ExpressContext = options.context ?? (async () => ({}));
    httpAdapter.getInstance().use(path, graphqlHttpHandler(server, context));
    this.apolloServer = server as unknown as typeof this.apolloServer;
  }
}
