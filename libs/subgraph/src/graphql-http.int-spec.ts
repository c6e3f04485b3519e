// The gateway's and subgraphs' Apollo handler over real HTTP (Express on a loopback port, a small schema): it
// answers as `@as-integrations/express5` did, GET operations included.
import { ApolloServer } from '@apollo/server';
import express from 'express';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { graphqlHttpHandler, searchOf } from './graphql-http';

interface Context {
  caller: string;
}

/** A plain GET (fetch would add `Cache-Control: no-cache` to a conditional request). */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    })
      .on('error', fail)
      .end();
  });
}

describe('searchOf', () => {
  it('is the query string, from its "?" up to a fragment', () => {
    expect(searchOf('/')).toBe('');
    expect(searchOf('/?query=%7Bhello%7D')).toBe('?query=%7Bhello%7D');
    expect(searchOf('/graphql?a=1&b=2#x')).toBe('?a=1&b=2');
    expect(searchOf('/?')).toBe('?');
  });
});

describe('graphqlHttpHandler', () => {
  let apollo: ApolloServer<Context>;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    apollo = new ApolloServer<Context>({
      typeDefs: 'type Query { hello(name: String): String, caller: String }',
      resolvers: {
        Query: {
          hello: (_: unknown, { name }: { name?: string }) => `hello ${name ?? 'world'}`,
          caller: (_: unknown, __: unknown, context: Context) => context.caller,
        },
      },
    });
    await apollo.start();
    const app = express();
    app.use(
      '/graphql',
      express.json(),
      graphqlHttpHandler(apollo, async ({ req }) => ({
        caller: String(req.headers['x-caller'] ?? ''),
      })),
    );
    server = createServer(app);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
    await apollo.stop();
  });

  it('answers a POST with JSON, its length, the context built from the request, and no ETag', async () => {
    const body = JSON.stringify({
      query: 'query Q($n: String) { hello(name: $n) caller }',
      variables: { n: 'jibs' },
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-caller': 'member-1' },
      body,
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(res.headers.get('etag')).toBeNull();
    expect(JSON.parse(text)).toEqual({ data: { hello: 'hello jibs', caller: 'member-1' } });
  });

  it('answers a bad request with its status and errors', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ nope }' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('runs a GET query from the query string, with an ETag and 304 when unchanged', async () => {
    const get = `${url}?query=${encodeURIComponent('{ hello }')}`;
    // A GET needs a header that no simple browser request sends (Apollo's CSRF prevention).
    const headers = { 'apollo-require-preflight': 'true' };
    const res = await fetch(get, { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { hello: 'hello world' } });
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(await rawGet(get, { ...headers, 'if-none-match': etag! })).toBe(304);
    expect(await rawGet(get, { ...headers, 'if-none-match': '"other"' })).toBe(200);
  });

  it('refuses a GET without the preflight header (CSRF prevention still applies)', async () => {
    const res = await fetch(`${url}?query=${encodeURIComponent('{ hello }')}`);
    expect(res.status).toBe(400);
  });
});
