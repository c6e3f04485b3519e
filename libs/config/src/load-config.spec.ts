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
