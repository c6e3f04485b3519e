// jsonBody() against express.json() over real HTTP: for each request, the same status and the
// same parsed body, whether it took the short path or was handed to express.json().
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { EventEmitter } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { jsonBody, JSON_BODY_LIMIT } from './json-body';

interface Sent {
  body: Buffer | string;
  headers?: Record<string, string>;
  /** Sent in pieces without Content-Length (chunked). */
  chunked?: boolean;
}

async function serve(parser: RequestHandler): Promise<{ url: string; server: Server }> {
  const app = express();
  const answer: RequestHandler = (req, res) => {
    res.json({ body: req.body as unknown });
  };
  const failed: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ error: error.status ?? 500 });
  };
  app.post('/graphql', parser, answer);
  app.use(failed);
  const server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, server };
}

function send(url: string, sent: Sent): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const body = Buffer.from(sent.body);
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(sent.chunked ? {} : { 'content-length': String(body.length) }),
          ...sent.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', fail);
    if (sent.chunked) {
      req.write(body.subarray(0, 3));
      req.end(body.subarray(3));
    } else {
      req.end(body);
    }
  });
}

const QUERY = JSON.stringify({ query: '{ me { id } }', variables: { a: [1, 'é', null] } });

const CASES: Record<string, Sent> = {
  'an operation': { body: QUERY },
  'a batch (array)': { body: `[${QUERY}]` },
  'UTF-8 charset named': {
    body: QUERY,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  },
  'a byte order mark first': {
    body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(QUERY)]),
  },
  'leading whitespace': { body: `\r\n\t ${QUERY}` },
  'an empty body': { body: '' },
  'whitespace only': { body: '   ' },
  'a JSON string (strict mode)': { body: '"query"' },
  'a number (strict mode)': { body: '12' },
  'malformed JSON': { body: '{"query": ' },
  'invalid UTF-8': { body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) },
  'another charset': {
    body: QUERY,
    headers: { 'content-type': 'application/json; charset=latin1' },
  },
  'another type': { body: QUERY, headers: { 'content-type': 'text/plain' } },
  'gzip-compressed': { body: gzipSync(QUERY), headers: { 'content-encoding': 'gzip' } },
  'an unknown encoding': { body: QUERY, headers: { 'content-encoding': 'x-unknown' } },
  chunked: { body: QUERY, chunked: true },
  'just over the limit': {
    body: JSON.stringify({ query: 'x'.repeat(JSON_BODY_LIMIT) }),
  },
  'at the limit': {
    body: JSON.stringify({ query: 'x'.repeat(JSON_BODY_LIMIT - '{"query":""}'.length) }),
  },
};

describe('jsonBody', () => {
  let ours: { url: string; server: Server };
  let reference: { url: string; server: Server };

  beforeAll(async () => {
    ours = await serve(jsonBody());
    reference = await serve(express.json());
  });

  afterAll(async () => {
    await Promise.all(
      [ours, reference].map(({ server }) => new Promise((done) => server.close(done))),
    );
  });

  it.each(Object.entries(CASES))('answers %s as express.json() does', async (_name, sent) => {
    const [got, expected] = await Promise.all([send(ours.url, sent), send(reference.url, sent)]);
    expect(got).toEqual(expected);
  });

  it('parses an operation and refuses what express.json() refuses', async () => {
    expect(await send(ours.url, CASES['an operation']!)).toEqual({
      status: 200,
      text: JSON.stringify({ body: JSON.parse(QUERY) }),
    });
    expect((await send(ours.url, CASES['malformed JSON']!)).status).toBe(400);
    expect((await send(ours.url, CASES['a JSON string (strict mode)']!)).status).toBe(400);
    expect((await send(ours.url, CASES['just over the limit']!)).status).toBe(413);
    expect((await send(ours.url, CASES['another charset']!)).status).toBe(415);
  });

  it('reads a plain JSON body off the request itself (the short path)', () => {
    // Not a socket-backed stream: express.json() would take it as already read and leave the
    // body unset; the short path only listens for its data.
    const req = Object.assign(new EventEmitter(), {
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(QUERY)),
      },
      complete: false,
      readableEnded: false,
    });
    const next = jest.fn();
    jsonBody()(req as never, {} as never, next);
    req.emit('data', Buffer.from(QUERY.slice(0, 5)));
    req.emit('data', Buffer.from(QUERY.slice(5)));
    req.emit('end');
    expect(next).toHaveBeenCalledWith(undefined);
    expect((req as unknown as { body: unknown }).body).toEqual(JSON.parse(QUERY));
    expect(req.listenerCount('data')).toBe(0);
  });

  it('refuses a body shorter than its Content-Length with 400', () => {
    const req = Object.assign(new EventEmitter(), {
      headers: { 'content-type': 'application/json', 'content-length': '10' },
      complete: false,
      readableEnded: false,
    });
    const next = jest.fn();
    jsonBody()(req as never, {} as never, next);
    req.emit('data', Buffer.from('{}'));
    req.emit('end');
    expect(next).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
  });
});
