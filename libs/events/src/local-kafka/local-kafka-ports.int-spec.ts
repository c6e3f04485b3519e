import { createServer, type Server } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import * as config from '@jibs/config';
import { startLocalKafka, type LocalKafka } from './local-kafka';

/**
 * A port chosen for the broker can be taken by another listener before the JVM binds it (CI
 * once lost a whole Kafka suite so). The first port handed out here is one this test already
 * listens on: the broker must choose again and come up on others.
 */
jest.mock('@jibs/config', () => {
  const actual = jest.requireActual<typeof import('@jibs/config')>('@jibs/config');
  return { ...actual, freeLocalPort: jest.fn(actual.freeLocalPort) };
});

const freeLocalPort = config.freeLocalPort as jest.MockedFunction<typeof config.freeLocalPort>;

describe('local Kafka ports', () => {
  let squatter: Server;
  let squatted: number;
  let kafka: LocalKafka | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    squatter = createServer();
    squatted = await jest
      .requireActual<typeof import('@jibs/config')>('@jibs/config')
      .freeLocalPort();
    await new Promise<void>((resolve) => squatter.listen(squatted, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await kafka?.stop();
    await new Promise((resolve) => squatter.close(resolve));
  }, 60_000);

  it('chooses other ports when one it chose is taken before the broker binds it, and serves on them', async () => {
    freeLocalPort.mockResolvedValueOnce(squatted);
    kafka = await startLocalKafka({ log: (line) => lines.push(line), partitions: 1 });

    expect(lines).toContain(
      'A chosen port was taken before the broker bound it; choosing others (1/3)',
    );
    expect(kafka.brokers).not.toContain(`127.0.0.1:${squatted}`);
    const admin = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      expect(await admin.createTopics({ topics: [{ topic: 'ports-check' }] })).toBe(true);
      expect(await admin.listTopics()).toContain('ports-check');
    } finally {
      await admin.disconnect();
    }
  }, 120_000);

  it('refuses at once a port the caller names that something listens on', async () => {
    await expect(startLocalKafka({ port: squatted })).rejects.toThrow(
      `EADDRINUSE: port ${squatted} (kafka) is already in use on 127.0.0.1`,
    );
  });
});
