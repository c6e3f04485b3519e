import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/** Where chosen ports start: above the registered services most machines run. */
const LOWEST = 20_000;

/**
 * A loopback port that nothing listens on now, for a process started next that binds it itself
 * (Postgres, Kafka, S3Proxy, a service of a test stack).
 *
 * It is chosen below the kernel's ephemeral range. The usual way, listening on port 0 and
 * closing, hands out a port from that range, and any outgoing connection on the machine may take
 * it as its source port in the seconds before the child binds it: a Kafka broker lost its port so
 * while the other CI lane's tests were connecting to their stack. Ports below the range are never
 * given to outgoing connections, so only another listener can take one; callers that start a
 * process still retry on "address in use". `taken` are ports this caller has already chosen.
 */
export async function freeLocalPort(taken: Iterable<number> = []): Promise<number> {
  const chosen = new Set(taken);
  const highest = ephemeralRangeStart() - 1;
  if (highest - LOWEST >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
      if (!chosen.has(port) && (await isLocalPortFree(port))) return port;
    }
  }
  // No room below the range: the kernel's choice.
  for (;;) {
    const port = await kernelChosenPort();
    if (!chosen.has(port)) return port;
  }
}

/** Whether `port` can be listened on at `host` right now. */
export function isLocalPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The first port the kernel gives outgoing connections: Linux's setting, else the IANA dynamic
 * range's start (49,152), which macOS and Windows use.
 */
function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && low > 0 ? low : 49_152;
  } catch {
    return 49_152;
  }
}

function kernelChosenPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
