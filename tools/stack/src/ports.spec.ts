import { createServer, type Server } from 'node:net';
import { assertPortsFree, DEFAULT_STACK_PORTS, freeStackPorts, stackPortsFromEnv } from './ports';

describe('stack ports', () => {
  it('moves each port by its variable and names a bad one', () => {
    expect(stackPortsFromEnv({ PORT: '9000', BILLING_PORT: '4103' })).toEqual({
      ...DEFAULT_STACK_PORTS,
      gatewayPort: 9000,
      billingPort: 4103,
    });
    expect(() => stackPortsFromEnv({ POSTGRES_PORT: 'abc' })).toThrow(
      'POSTGRES_PORT must be a port number between 1 and 65535',
    );
  });

  it('gives distinct free ports and says which one is taken', async () => {
    const ports = await freeStackPorts();
    expect(new Set(Object.values(ports)).size).toBe(Object.keys(ports).length);
    await expect(assertPortsFree(ports)).resolves.toBeUndefined();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(ports.s3Port, '127.0.0.1', resolve));
    try {
      await expect(assertPortsFree(ports)).rejects.toThrow(
        `port ${ports.s3Port} (s3) is already in use; set S3_PORT to move it`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
