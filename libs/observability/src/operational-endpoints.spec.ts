import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, serializeError } from './logger';
import { createMetrics } from './metrics';
import {
  mountOperationalEndpoints,
  startMetricsServer,
  type MetricsServer,
  type ReadinessCheck,
} from './operational-endpoints';

describe('operational endpoints', () => {
  let server: Server;
  let base: string;
  let metricsServer: MetricsServer;
  let dbUp = true;
  const metrics = createMetrics('test');

  beforeAll(async () => {
    const app = express();
    const readiness: ReadinessCheck[] = [
      {
        name: 'database',
        check: async () => (dbUp ? undefined : Promise.reject(new Error('down'))),
      },
    ];
    mountOperationalEndpoints(app, {
      metrics,
      logger: createLogger('test', 'silent'),
      readiness,
    });
    app.get('/hello', (_req, res) => res.send('hi'));
    app.get('/items/:id', (_req, res) => res.send('item'));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    metricsServer = await startMetricsServer({
      metrics,
      logger: createLogger('test', 'silent'),
      host: '127.0.0.1',
      port: 0,
    });
  });

  afterAll(async () => {
    await metricsServer.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const scrape = async () => (await fetch(`${metricsServer.url}/metrics`)).text();
  const routeLabels = async () =>
    new Set([...(await scrape()).matchAll(/route="([^"]*)"/g)].map((match) => match[1]));

  it('answers liveness', async () => {
    const res = await fetch(`${base}/health/live`);
    expect(res.status).toBe(200);
  });

  it('reports readiness from its checks without leaking the reason', async () => {
    dbUp = true;
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    dbUp = false;
    const res = await fetch(`${base}/health/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });
  });

  it('exposes Prometheus metrics including request latency on the metrics port only', async () => {
    await fetch(`${base}/hello`);
    const body = await scrape();
    expect(body).toContain('http_request_duration_seconds_bucket');
    expect(body).toContain('route="/hello"');
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${metricsServer.url}/hello`)).status).toBe(404);
  });

  it('labels routes by their template, and every unknown path alike', async () => {
    await fetch(`${base}/items/42`);
    await fetch(`${base}/items/43`);
    const before = await routeLabels();
    expect(before).toContain('/items/:id');
    expect([...before].some((label) => label?.includes('42'))).toBe(false);
    for (let i = 0; i < 100; i++)
      await fetch(`${base}/nope-${Math.random().toString(36).slice(2)}`);
    const after = await routeLabels();
    expect([...after].filter((label) => !before.has(label))).toEqual(
      before.has('unmatched') ? [] : ['unmatched'],
    );
  });

  it('echoes a well-formed request id and replaces a malformed one', async () => {
    const kept = await fetch(`${base}/hello`, { headers: { 'x-request-id': 'abcdef123456' } });
    expect(kept.headers.get('x-request-id')).toBe('abcdef123456');
    const replaced = await fetch(`${base}/hello`, { headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('serializeError', () => {
  it('drops query parameters and driver internals from logged errors', () => {
    const error = Object.assign(new Error('duplicate key'), {
      query: 'INSERT INTO accounts ...',
      parameters: ['a@example.com', '$argon2id$secret-hash'],
      driverError: { detail: 'Key (email)=(a@example.com) already exists.' },
      code: '23505',
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('duplicate key');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('a@example.com');
  });
});
