import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ServiceProcess } from './service-process';

/**
 * A port another process took between the launcher choosing it and the service binding it (a
 * parallel test run): that process's readiness answer must not pass for the service's.
 */
describe('ServiceProcess readiness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jibs-service-process-'));
  let other: Server;
  let port = 0;

  beforeAll(async () => {
    // Another launched JIBS process, ready, on the port.
    other = createServer((req, res) => {
      res.setHeader('x-jibs-instance', 'another-launch');
      res.end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    port = (other.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((done) => other.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A service that answers readiness with its launcher's token, as libs/observability does. */
  function service(name: string, source: string): ServiceProcess {
    const entry = join(dir, `${name}.js`);
    writeFileSync(entry, source);
    return new ServiceProcess(
      { name, entry, port, env: { PATH: process.env.PATH } },
      () => undefined,
    );
  }

  it('is not fooled by another process on its port: the service that lost the port fails its start', async () => {
    const loser = service(
      'loser',
      `const server = require('node:http').createServer((req, res) => {
         res.setHeader('x-jibs-instance', process.env.JIBS_INSTANCE);
         res.end('{}');
       });
       // Binds late, as a service does after its start-up; the port is taken by then.
       setTimeout(() => server.listen(Number(process.env.PORT), '127.0.0.1'), 500);
       server.on('error', () => process.exit(1));`,
    );
    await expect(loser.start()).rejects.toThrow('loser exited before it was ready');
  }, 30_000);

  it('is ready when its own answer carries its token', async () => {
    const own = service(
      'own',
      `require('node:http').createServer((req, res) => {
         res.setHeader('x-jibs-instance', process.env.JIBS_INSTANCE);
         res.end('{}');
       }).listen(Number(process.env.PORT), '127.0.0.1');`,
    );
    await new Promise((done) => other.close(done));
    try {
      await own.start();
      expect(own.running).toBe(true);
    } finally {
      await own.stop();
      other.listen(port, '127.0.0.1');
    }
  }, 30_000);
});
