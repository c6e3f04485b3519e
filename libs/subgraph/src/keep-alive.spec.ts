import { Module, type INestApplication } from '@nestjs/common';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp } from './bootstrap';

@Module({})
class EmptyModule {}

/** GET `path` over `agent`; resolves with the status and whether a kept-alive socket carried it. */
function get(
  agent: Agent,
  port: number,
  path: string,
): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a service keeps idle connections open', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    app = await createSubgraphApp(EmptyModule, {
      service: 'keep-alive-test',
      logger: createLogger('keep-alive-test', 'silent'),
      metrics: createMetrics('keep-alive-test'),
      host: '127.0.0.1',
      port: 0,
      readiness: () => [],
      gatewaySecret: 'secret',
    });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
  });

  // Node closes an idle connection after keepAliveTimeout (5 s) plus keepAliveTimeoutBuffer (1 s).
  it("answers on the same connection after an idle gap longer than Node's default 6 s", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, port, '/health/live')).toEqual({ status: 200, reused: false });
      await new Promise((done) => setTimeout(done, 7_500));
      // With the default the service had closed it: the agent would have dialled anew.
      expect(await get(agent, port, '/health/live')).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
