import { createServer, type Server } from 'node:net';
import {
  assertPortsFree,
  defaultStackPorts,
  freeStackPorts,
  stackPortsFromEnv,
  stackPortVariables,
} from './ports';

describe('stack ports', () => {
  it('moves each port by its variable and names a bad one', () => {
    expect(stackPortsFromEnv({ PORT: '9000', BILLING_PORT: '4103' })).toEqual({
      ...defaultStackPorts(),
      gatewayPort: 9000,
      billingPort: 4103,
    });
    expect(() => stackPortsFromEnv({ POSTGRES_PORT: 'abc' })).toThrow(
      'POSTGRES_PORT must be a port number between 1 and 65535',
    );
  });

  it('gives every defined service a port and a metrics port, each with its variable', () => {
    const ports = defaultStackPorts();
    expect(ports).toMatchObject({
      identityPort: 4001,
      identityMetricsPort: 5001,
      billingPort: 4003,
      memorialsPort: 4006,
      memorialsMetricsPort: 5006,
    });
    expect(new Set(Object.values(ports)).size).toBe(Object.keys(ports).length);
    expect(Object.keys(stackPortVariables()).sort()).toEqual(Object.keys(ports).sort());
    expect(stackPortVariables()['documentsMetricsPort']).toBe('DOCUMENTS_METRICS_PORT');
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
