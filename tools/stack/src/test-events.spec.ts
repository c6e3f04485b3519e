import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_SECRET_HEADER, TEST_EVENTS_PATH } from '@jibs/subgraph';
import { ServiceProcess } from './service-process';
import { publishTestEvent, publishTestEvents } from './test-events';

const SECRET = 's'.repeat(32);
const userId = '5b0c6f3e-2c4a-4d4e-9a55-0d1f6c1b7a10';
const registered = {
  type: 'user.registered' as const,
  subject: userId,
  data: { userId, email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'member' as const },
};

/** A stand-in service answering the test-events route as told, recording what it got. */
async function fakeService(answer: { status: number; body: unknown }) {
  const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text) });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const service = new ServiceProcess(
    {
      name: 'identity',
      entry: 'unused.js',
      port: (server.address() as AddressInfo).port,
      env: { GATEWAY_SECRET: SECRET },
    },
    () => undefined,
  );
  return { service, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('publishTestEvents', () => {
  it("posts the events to the service's test route with the gateway credential, and returns their ids", async () => {
    const fake = await fakeService({ status: 201, body: { ids: ['id-1', 'id-2'] } });
    try {
      const ids = await publishTestEvents(fake.service, [registered, registered]);
      expect(ids).toEqual(['id-1', 'id-2']);
      expect(fake.seen).toHaveLength(1);
      expect(fake.seen[0]).toMatchObject({
        method: 'POST',
        url: TEST_EVENTS_PATH,
        headers: { [GATEWAY_SECRET_HEADER]: SECRET },
        body: { events: [registered, registered] },
      });
      expect(await publishTestEvent(fake.service, registered)).toEqual({ id: 'id-1' });
    } finally {
      await fake.close();
    }
  });

  it('says the stack runs without test routes when the route is missing', async () => {
    const fake = await fakeService({ status: 404, body: {} });
    try {
      await expect(publishTestEvent(fake.service, registered)).rejects.toThrow(
        /identity refused the test events: 404 \(is the stack started with testRoutes: true\?\)/,
      );
    } finally {
      await fake.close();
    }
  });

  it("passes on the service's refusal", async () => {
    const fake = await fakeService({ status: 400, body: { error: 'invalid' } });
    try {
      await expect(publishTestEvent(fake.service, registered)).rejects.toThrow(
        'identity refused the test events: 400 {"error":"invalid"}',
      );
    } finally {
      await fake.close();
    }
  });
});
