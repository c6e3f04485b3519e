import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freeLocalPort, isLocalPortFree } from './local-port';

describe('freeLocalPort', () => {
  const ephemeralStart = Number(
    readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
  );

  it('chooses free ports below the range outgoing connections take their source ports from', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freeLocalPort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralStart);
      expect(await isLocalPortFree(port)).toBe(true);
    }
  });

  it('never hands out a port the caller has already chosen', async () => {
    const chosen: number[] = [];
    for (let i = 0; i < 30; i++) chosen.push(await freeLocalPort(chosen));
    expect(new Set(chosen).size).toBe(30);
  });

  it('says a port something listens on is not free', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await isLocalPortFree(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
