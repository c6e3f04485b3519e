import { RemoteGraphQLDataSource } from '@apollo/gateway';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setCookieHeaders } from './subgraph-data-source';
import { createSubgraphFetcher } from './subgraph-fetcher';

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: unknown;
}

const COOKIES = ['jibs_refresh=abc; Expires=Wed, 21 Oct 2037 07:28:00 GMT; HttpOnly', 'b=2'];

describe('createSubgraphFetcher', () => {
  let server: Server;
  let url: string;
  let seen: Seen[];
  let answer: (res: ServerResponse) => void;
  const fetcher = createSubgraphFetcher({ timeoutMs: 2_000 });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          socket: req.socket,
        });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql?x=1`;
  });

  beforeEach(() => {
    seen = [];
    answer = (res) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('set-cookie', COOKIES);
      res.end(JSON.stringify({ data: { me: { id: 'ü' } } }));
    };
  });

  afterAll(async () => {
    fetcher.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, path, headers and body, and reads status, headers and JSON', async () => {
    const body = JSON.stringify({ query: '{ me { id } }', variables: { name: 'é' } });
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/graphql?x=1', body });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer t',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.url).toBe(url);
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ data: { me: { id: 'ü' } } });
  });

  it('keeps every Set-Cookie apart (an Expires date has a comma)', async () => {
    const response = await fetcher(url, { method: 'POST', body: '{}' });
    expect(setCookieHeaders(response.headers as never)).toEqual(COOKIES);
  });

  it('reuses one open connection for requests one after another', async () => {
    await fetcher(url, { method: 'POST', body: '{}' });
    await fetcher(url, { method: 'POST', body: '{}' });
    await fetcher(url, { method: 'POST', body: '{}' });
    expect(seen).toHaveLength(3);
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
    expect(seen[2]!.socket).toBe(seen[0]!.socket);
  });

  it('sends again, on a new connection, a request that met a kept-alive connection the subgraph just closed', async () => {
    // The subgraph drops each connection when its second request arrives, unanswered: what
    // a server closing an idle connection at that very moment looks like to the client.
    const requestsOn = new Map<unknown, number>();
    answer = (res) => {
      const socket = seen[seen.length - 1]!.socket;
      const count = (requestsOn.get(socket) ?? 0) + 1;
      requestsOn.set(socket, count);
      if (count === 2) {
        res.socket?.destroy();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('{"data":{}}');
    };
    await fetcher(url, { method: 'POST', body: '{}' });
    const second = await fetcher(url, { method: 'POST', body: '{"n":2}' });
    expect(await second.json()).toEqual({ data: {} });
    expect(seen.map((request) => request.body)).toEqual(['{}', '{"n":2}', '{"n":2}']);
    expect(seen[2]!.socket).not.toBe(seen[0]!.socket);
  });

  it('does not send again a request whose new connection was dropped', async () => {
    const fresh = createSubgraphFetcher();
    answer = (res) => void res.socket?.destroy();
    await expect(fresh(url, { method: 'POST', body: '{}' })).rejects.toThrow(/socket hang up/);
    expect(seen).toHaveLength(1);
    fresh.destroy();
  });

  it('gives error statuses and non-JSON bodies to the data source as they are', async () => {
    answer = (res) => {
      res.statusCode = 503;
      res.setHeader('content-type', 'text/plain');
      res.end('busy');
    };
    const response = await fetcher(url, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    expect(await response.clone().text()).toBe('busy');
    expect(await response.text()).toBe('busy');
  });

  it('is what RemoteGraphQLDataSource calls, end to end', async () => {
    const source = new RemoteGraphQLDataSource({ url, fetcher });
    const headers = new Headers({ authorization: 'Bearer t' });
    const result = await source.process({
      kind: 'HEALTH_CHECK',
      request: { query: '{ me { id } }', http: { method: 'POST', url, headers } },
      context: {},
    } as never);
    expect(result.data).toEqual({ me: { id: 'ü' } });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ query: '{ me { id } }' });
  });

  it('fails a request whose subgraph is not there, and one that takes too long', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetcher(`http://127.0.0.1:${port}/graphql`, { method: 'POST' })).rejects.toThrow(
      /ECONNREFUSED/,
    );

    const slow = createSubgraphFetcher({ timeoutMs: 50 });
    answer = () => undefined;
    await expect(slow(url, { method: 'POST', body: '{}' })).rejects.toThrow(/timed out/);
    slow.destroy();
  });

  it('refuses URLs that are not http(s)', async () => {
    await expect(fetcher('ftp://127.0.0.1/graphql')).rejects.toThrow(/protocol/);
  });
});
