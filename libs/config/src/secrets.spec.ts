import { z } from 'zod';
import { envDefault, envOptional, envSchemaShape } from './env-schema-shape';
import { mailEnvSchema, serviceEnvSchema } from './env-schemas';
import { redactConfig } from './load-config';
import { isSecretSchema, secret, secretKeys } from './secrets';

describe('secret()', () => {
  const schema = z
    .intersection(
      serviceEnvSchema,
      z.object({
        PORT: z.coerce.number().default(4099),
        API_KEY: secret(z.string().min(8)),
        WEBHOOK_KEY: secret(z.string()).min(16).optional(),
        SIGNING_URL: secret(z.string().url()).transform((value) => value.toLowerCase()),
        PLAIN_URL: z.string().url().optional(),
      }),
    )
    .refine(() => true);

  it("names the marked variables, through optional, checks, transforms and the schema's layers", () => {
    expect(secretKeys(schema)).toEqual([
      'DATABASE_URL',
      'EVENTLOG_DATABASE_URL',
      'KAFKA_SASL_PASSWORD',
      'GATEWAY_SECRET',
      'API_KEY',
      'WEBHOOK_KEY',
      'SIGNING_URL',
    ]);
  });

  it('marks the credentials every service and the mail settings read', () => {
    expect(secretKeys(serviceEnvSchema)).toEqual([
      'DATABASE_URL',
      'EVENTLOG_DATABASE_URL',
      'KAFKA_SASL_PASSWORD',
      'GATEWAY_SECRET',
    ]);
    expect(secretKeys(mailEnvSchema)).toEqual(['SMTP_URL']);
  });

  it('marks a copy, never the schema it is given (a shared schema stays plain)', () => {
    const shared = z.string().min(3);
    const marked = secret(shared);
    expect(isSecretSchema(marked)).toBe(true);
    expect(isSecretSchema(shared)).toBe(false);
    expect(marked.parse('abcd')).toBe('abcd');
    expect(() => marked.parse('ab')).toThrow();
  });

  it('masks the marked values when the configuration is logged, whatever their names', () => {
    const config = {
      PORT: 4099,
      DATABASE_URL: 'postgres://u:db-pass@h/x',
      API_KEY: 'key-value-1',
      PLAIN_URL: 'https://example.org',
      WEBHOOK_KEY: undefined,
    };
    expect(redactConfig(config, schema)).toEqual({
      PORT: 4099,
      DATABASE_URL: '***',
      API_KEY: '***',
      PLAIN_URL: 'https://example.org',
      WEBHOOK_KEY: undefined,
    });
    // Unmarked, only a secret-looking name would be masked: the marker is what protects it.
    expect(redactConfig(config, [])['DATABASE_URL']).toBe('postgres://u:db-pass@h/x');
  });
});

describe('env schema shape', () => {
  const schema = z.intersection(
    serviceEnvSchema,
    z.object({
      PORT: z.coerce.number().default(4099),
      NEEDED: z.string(),
      MAYBE: z.string().optional(),
    }),
  );

  it('lists the keys, defaults and which may be left unset', () => {
    expect(Object.keys(envSchemaShape(schema)).slice(-3)).toEqual(['PORT', 'NEEDED', 'MAYBE']);
    expect(envDefault(schema, 'PORT')).toBe(4099);
    expect(envDefault(schema, 'JWT_AUDIENCE')).toBe('jibs');
    expect(envDefault(schema, 'NEEDED')).toBeUndefined();
    expect(envOptional(schema, 'NEEDED')).toBe(false);
    expect(envOptional(schema, 'GATEWAY_SECRET')).toBe(false);
    expect(envOptional(schema, 'MAYBE')).toBe(true);
    expect(envOptional(schema, 'JWT_AUDIENCE')).toBe(true);
    expect(envOptional(schema, 'KAFKA_BROKERS')).toBe(true);
    // SASL is off by default: its password is a secret a deployment may leave unset.
    expect(envOptional(schema, 'KAFKA_SASL_PASSWORD')).toBe(true);
  });

  it('refuses a schema that is not an object at the top', () => {
    expect(() => envSchemaShape(z.string())).toThrow('not an env schema: a string at the top');
  });
});
