import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { remoteRevocationFeed } from './revocations';

/** The long poll against a real HTTP server on a loopback port (no mocks of the client). */
describe('remoteRevocationFeed', () => {
  let server: Server;
  let url: string;
  let answer: (req: IncomingMessage, res: ServerResponse) => void;
  const seen: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/revocations`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    seen.length = 0;
  });

  it('reads the list and its version, with the service credential', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v7"' });
      res.end(JSON.stringify({ sids: ['s1'], notBefore: { u1: 1700000000 } }));
    };
    const read = await remoteRevocationFeed(url, { authorization: 'Bearer svc' })(
      undefined,
      new AbortController().signal,
    );
    expect(read).toEqual({
      snapshot: { sids: ['s1'], notBefore: { u1: 1700000000 } },
      version: 'v7',
    });
    expect(seen[0]!.headers.authorization).toBe('Bearer svc');
    expect(seen[0]!.headers['if-none-match']).toBeUndefined();
  });

  it('asks with its version and how long it will wait, and hears 304 as unchanged', async () => {
    answer = (_req, res) => {
      res.writeHead(304, { etag: '"v7"' });
      res.end();
    };
    const read = await remoteRevocationFeed(url, {}, 2)('v7', new AbortController().signal);
    expect(read).toBe('unchanged');
    expect(seen[0]!.headers['if-none-match']).toBe('"v7"');
    expect(seen[0]!.headers.prefer).toBe('wait=2');
  });

  it('fails on an error status and on a malformed list', async () => {
    answer = (_req, res) => {
      res.writeHead(503);
      res.end('down');
    };
    const feed = remoteRevocationFeed(url);
    await expect(feed(undefined, new AbortController().signal)).rejects.toThrow(
      'revocation list answered HTTP 503',
    );
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"sids": "not a list"}');
    };
    await expect(feed(undefined, new AbortController().signal)).rejects.toThrow(
      'revocation list is malformed',
    );
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('not json');
    };
    await expect(feed(undefined, new AbortController().signal)).rejects.toThrow(
      'revocation list is malformed',
    );
  });

  it('stops waiting when its signal aborts', async () => {
    answer = () => undefined; // never answers: a long poll with nothing new
    const stop = new AbortController();
    const read = remoteRevocationFeed(url, {}, 25)('v7', stop.signal);
    // Aborted once identity holds the request (not before it was sent).
    while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    await expect(read).rejects.toThrow(/abort/i);
  });
});
