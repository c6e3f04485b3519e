import {
  HeaderMap,
  type ApolloServer,
  type BaseContext,
  type ContextFunction,
} from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';

/** The part of a request URL after the path: what Apollo reads GET operations from. */
export function searchOf(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return '';
  const fragment = url.indexOf('#', query);
  return fragment === -1 ? url.slice(query) : url.slice(query, fragment);
}

/**
 * Apollo Server as an Express handler, for the gateway and every subgraph (`SubgraphDriver`):
 * what `@as-integrations/express5`'s `expressMiddleware` does, without its per-request
 * `url.parse` (deprecated in Node 24: called from inside node_modules it captures up to 100
 * stack frames on every call to decide whether to warn) and, for a POST answered in full,
 * without Express's `res.send` (which hashes the body for an ETag that no client can use on a
 * POST). GET answers still go through
 * `res.send`: their ETag and `304 Not Modified` are kept.
 */
export function graphqlHttpHandler<TContext extends BaseContext>(
  server: ApolloServer<TContext>,
  context: ContextFunction<[{ req: Request; res: Response }], TContext>,
): RequestHandler {
  server.assertStarted('graphqlHttpHandler()');
  return async (req, res) => {
    if (!('body' in req)) {
      res.status(500);
      res.send('`req.body` is not set: the json middleware must run before the GraphQL handler.');
      return;
    }
    const headers = new HeaderMap();
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: req.method.toUpperCase(),
        headers,
        search: searchOf(req.url),
        body: req.body as unknown,
      },
      context: () => context({ req, res }),
    });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      const type = answer.headers.get('content-type');
      if (
        req.method === 'POST' &&
        res.statusCode !== 204 &&
        res.statusCode !== 304 &&
        type?.includes('charset=')
      ) {
        res.setHeader('content-length', Buffer.byteLength(answer.body.string));
        res.end(answer.body.string);
      } else {
        res.send(answer.body.string);
      }
      return;
    }
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      const flushable = res as unknown as { flush?: () => void };
      if (typeof flushable.flush === 'function') flushable.flush();
    }
    res.end();
  };
}
