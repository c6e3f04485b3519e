import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBroker, kafkaTls } from './create-broker';
import { KafkaBroker } from './kafka-broker';
import { PostgresBroker } from './postgres-broker';

describe('createBroker', () => {
  it('builds the broker the configuration names', async () => {
    const postgres = createBroker({
      kind: 'postgres',
      eventlogUrl: 'postgres://u:p@127.0.0.1:1/eventlog',
      clientId: 'identity',
    });
    const kafka = createBroker({
      kind: 'kafka',
      kafkaBrokers: ['127.0.0.1:1'],
      clientId: 'identity',
    });
    expect(postgres).toBeInstanceOf(PostgresBroker);
    expect(postgres.kind).toBe('postgres');
    expect(kafka).toBeInstanceOf(KafkaBroker);
    expect(kafka.kind).toBe('kafka');
    await Promise.all([postgres.close(), kafka.close()]);
  });

  it('fails fast on a configuration that cannot work', () => {
    expect(() => createBroker({ kind: 'postgres', clientId: 'x' })).toThrow('needs eventlogUrl');
    expect(() => createBroker({ kind: 'kafka', kafkaBrokers: [], clientId: 'x' })).toThrow(
      'needs kafkaBrokers',
    );
    expect(() =>
      createBroker({
        kind: 'kafka',
        kafkaBrokers: ['127.0.0.1:1'],
        kafka: { tls: { caFile: '/nonexistent/ca.pem' } },
        clientId: 'x',
      }),
    ).toThrow('KAFKA_TLS_CA_FILE: cannot read /nonexistent/ca.pem (ENOENT)');
    expect(() => createBroker({ kind: 'rabbit' as 'kafka', clientId: 'x' })).toThrow(
      'Unknown event broker kind "rabbit"',
    );
  });

  it('reads the Kafka TLS files: the CA alone replaces the system CAs, cert and key for mTLS', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jibs-kafka-tls-'));
    try {
      const files = Object.fromEntries(
        ['ca', 'cert', 'key'].map((name) => {
          const path = join(dir, `${name}.pem`);
          writeFileSync(path, `-----${name}-----\n`);
          return [name, path];
        }),
      );
      expect(kafkaTls(true)).toBe(true);
      expect(kafkaTls({ caFile: files['ca'] })).toEqual({ ca: ['-----ca-----\n'] });
      expect(
        kafkaTls({ caFile: files['ca'], certFile: files['cert'], keyFile: files['key'] }),
      ).toEqual({ ca: ['-----ca-----\n'], cert: '-----cert-----\n', key: '-----key-----\n' });
      expect(() => kafkaTls({ keyFile: join(dir, 'missing.pem') })).toThrow(
        `KAFKA_TLS_KEY_FILE: cannot read ${join(dir, 'missing.pem')} (ENOENT)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
