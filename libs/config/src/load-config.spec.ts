import { z } from 'zod';
import { serviceEnvSchema } from './env-schemas';
import { ConfigError, loadConfig, redactConfig } from './load-config';

const base = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/identity',
  JWKS_URL: 'http://localhost:4001/.well-known/jwks.json',
  EVENTLOG_DATABASE_URL: 'postgres://u:p@localhost:5432/eventlog',
  GATEWAY_SECRET: 'g'.repeat(32),
};

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig(serviceEnvSchema, base);
    expect(config.EVENT_BROKER).toBe('postgres');
    expect(config.JWT_AUDIENCE).toBe('jibs');
  });

  it('lists every problem and never echoes a value', () => {
    const attempt = () =>
      loadConfig(serviceEnvSchema, {
        DATABASE_URL: 'not a url with secret-xyz',
        EVENT_BROKER: 'kafka',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('JWKS_URL');
      expect(message).not.toContain('secret-xyz');
    }
  });

  it('requires a gateway secret of 32 characters or more, never echoing it', () => {
    const { GATEWAY_SECRET: _secret, ...withoutSecret } = base;
    expect(() => loadConfig(serviceEnvSchema, withoutSecret)).toThrow('GATEWAY_SECRET');
    let message = '';
    try {
      loadConfig(serviceEnvSchema, { ...base, GATEWAY_SECRET: 'short-secret-xyz' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('GATEWAY_SECRET must be at least 32 characters');
    expect(message).not.toContain('short-secret-xyz');
    expect(redactConfig(loadConfig(serviceEnvSchema, base), [])['GATEWAY_SECRET']).toBe('***');
  });

  it('requires brokers for Kafka', () => {
    expect(() => loadConfig(serviceEnvSchema, { ...base, EVENT_BROKER: 'kafka' })).toThrow(
      'KAFKA_BROKERS is required when EVENT_BROKER=kafka',
    );
  });

  it('splits the Kafka broker list', () => {
    const config = loadConfig(serviceEnvSchema, {
      ...base,
      EVENT_BROKER: 'kafka',
      KAFKA_BROKERS: 'a:9092, b:9092',
    });
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
  });

  describe('Kafka security', () => {
    const kafka = { ...base, EVENT_BROKER: 'kafka', KAFKA_BROKERS: 'b-1:9096' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(serviceEnvSchema, env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('is plaintext, unprefixed, 8 partitions and the cluster replication by default', () => {
      const config = loadConfig(serviceEnvSchema, kafka);
      expect(config.KAFKA_SASL_MECHANISM).toBeUndefined();
      expect(config.KAFKA_TLS).toBe(false);
      expect(config.KAFKA_TOPIC_PREFIX).toBe('');
      expect(config.KAFKA_PARTITIONS).toBe(8);
      expect(config.KAFKA_REPLICATION_FACTOR).toBeUndefined();
    });

    it('reads SASL, TLS, the prefix, partitions and replication, masking the password', () => {
      const config = loadConfig(serviceEnvSchema, {
        ...kafka,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'identity',
        KAFKA_SASL_PASSWORD: 'pw-secret-xyz',
        KAFKA_TLS: 'true',
        KAFKA_TLS_CA_FILE: '/etc/kafka/ca.pem',
        KAFKA_TOPIC_PREFIX: 'staging.',
        KAFKA_PARTITIONS: '12',
        KAFKA_REPLICATION_FACTOR: '3',
      });
      expect(config).toMatchObject({
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'identity',
        KAFKA_TLS: true,
        KAFKA_TLS_CA_FILE: '/etc/kafka/ca.pem',
        KAFKA_TOPIC_PREFIX: 'staging.',
        KAFKA_PARTITIONS: 12,
        KAFKA_REPLICATION_FACTOR: 3,
      });
      expect(redactConfig(config, serviceEnvSchema)['KAFKA_SASL_PASSWORD']).toBe('***');
    });

    it('refuses a mechanism without its username and password, naming them', () => {
      expect(problems({ ...kafka, KAFKA_SASL_MECHANISM: 'plain' })).toEqual([
        'KAFKA_SASL_USERNAME: KAFKA_SASL_USERNAME is required when KAFKA_SASL_MECHANISM is set',
        'KAFKA_SASL_PASSWORD: KAFKA_SASL_PASSWORD is required when KAFKA_SASL_MECHANISM is set',
      ]);
      const withoutPassword = problems({
        ...kafka,
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'identity',
      });
      expect(withoutPassword).toEqual([
        'KAFKA_SASL_PASSWORD: KAFKA_SASL_PASSWORD is required when KAFKA_SASL_MECHANISM is set',
      ]);
    });

    it('refuses credentials without a mechanism, and an unknown mechanism, never echoing the password', () => {
      const orphan = problems({ ...kafka, KAFKA_SASL_PASSWORD: 'pw-secret-xyz' });
      expect(orphan).toEqual([
        'KAFKA_SASL_MECHANISM: KAFKA_SASL_MECHANISM (plain, scram-sha-256 or scram-sha-512) is required with a Kafka username or password',
      ]);
      const unknown = problems({
        ...kafka,
        KAFKA_SASL_MECHANISM: 'gssapi',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'pw-secret-xyz',
      });
      expect(unknown).toHaveLength(1);
      expect(unknown[0]).toMatch(/^KAFKA_SASL_MECHANISM: /);
      expect([...orphan, ...unknown].join(' ')).not.toContain('pw-secret-xyz');
    });

    it('refuses half a client certificate, TLS files without TLS, and bad numbers or prefixes', () => {
      expect(problems({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_CERT_FILE: '/c.pem' })).toEqual([
        'KAFKA_TLS_CERT_FILE: KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE go together (mutual TLS)',
      ]);
      expect(problems({ ...kafka, KAFKA_TLS_CA_FILE: '/ca.pem' })).toEqual([
        'KAFKA_TLS: KAFKA_TLS_CA_FILE and KAFKA_TLS_CERT_FILE need KAFKA_TLS=true',
      ]);
      expect(problems({ ...kafka, KAFKA_PARTITIONS: '0' })[0]).toMatch(/^KAFKA_PARTITIONS: /);
      expect(problems({ ...kafka, KAFKA_REPLICATION_FACTOR: 'two' })[0]).toMatch(
        /^KAFKA_REPLICATION_FACTOR: /,
      );
      expect(problems({ ...kafka, KAFKA_TOPIC_PREFIX: 'staging/' })).toEqual([
        'KAFKA_TOPIC_PREFIX: KAFKA_TOPIC_PREFIX may hold only letters, digits, ".", "_", "-"',
      ]);
    });
  });

  it('works with any schema', () => {
    expect(loadConfig(z.object({ X: z.coerce.number() }), { X: '3' })).toEqual({ X: 3 });
  });
});

describe('redactConfig', () => {
  it('masks secrets by name', () => {
    expect(
      redactConfig({ PORT: 1, ADMIN_PASSWORD: 'x', JWT_PRIVATE_KEY: 'y', SMTP_URL: 'z' }, [
        'SMTP_URL',
      ]),
    ).toEqual({
      PORT: 1,
      ADMIN_PASSWORD: '***',
      JWT_PRIVATE_KEY: '***',
      SMTP_URL: '***',
    });
  });
});
