import { z } from 'zod';
import { envHelpers, loadConfig, secret, serviceEnvSchema } from '@jibs/config';
import { defineService, type ServiceConfig } from './define-service';
import { describeService } from './service-descriptor';
import { TEST_ROUTES, withTestRoutes } from './test-routes';

const settings = z.intersection(
  serviceEnvSchema,
  z.object({ PORT: envHelpers.port(4098), EXAMPLE_TOKEN: secret(z.string().min(1)) }),
);
const env = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/example',
  EVENTLOG_DATABASE_URL: 'postgres://u:p@localhost:5432/eventlog',
  JWKS_URL: 'http://localhost:4001/.well-known/jwks.json',
  GATEWAY_SECRET: 'g'.repeat(32),
  EXAMPLE_TOKEN: 'token',
};

describe('a service that offers test events', () => {
  const schema = withTestRoutes(settings);

  it('has no test routes unless TEST_ROUTES is set', () => {
    expect(loadConfig(schema, env).TEST_ROUTES).toBe(false);
    expect(loadConfig(schema, { ...env, NODE_ENV: 'test', TEST_ROUTES: 'true' }).TEST_ROUTES).toBe(
      true,
    );
    expect(loadConfig(schema, { ...env, TEST_ROUTES: 'false' }).TEST_ROUTES).toBe(false);
    expect(() => loadConfig(schema, { ...env, TEST_ROUTES: 'yes' })).toThrow(/TEST_ROUTES/);
  });

  it('refuses to start with them in production', () => {
    expect(() =>
      loadConfig(schema, { ...env, NODE_ENV: 'production', TEST_ROUTES: 'true' }),
    ).toThrow('TEST_ROUTES: TEST_ROUTES is for tests only: refused in production');
    expect(loadConfig(schema, { ...env, NODE_ENV: 'production' }).TEST_ROUTES).toBe(false);
  });

  it('keeps the service settings, and never asks a deployment for the flag', () => {
    const described = describeService({
      name: 'example',
      envSchema: schema,
      testEvents: ['user.registered'],
    });
    expect(described.port).toBe(4098);
    expect(described.env).toEqual(expect.arrayContaining(['EXAMPLE_TOKEN', TEST_ROUTES]));
    expect(described.deployOptional).toEqual([TEST_ROUTES]);
    expect(described.secrets).toContain('EXAMPLE_TOKEN');
  });

  it('refuses to build the app from a production config with them, however it was made', async () => {
    const service = defineService<ServiceConfig & { TEST_ROUTES: boolean }>({
      name: 'example',
      envSchema: schema,
      testEvents: ['user.registered'],
      entities: [],
      migrations: [],
      providers: () => [],
    });
    const config = service.loadConfig({ ...env, NODE_ENV: 'test', TEST_ROUTES: 'true' });
    await expect(service.createApp({ ...config, NODE_ENV: 'production' })).rejects.toThrow(
      'TEST_ROUTES is for tests only: refused in production',
    );
  });

  it('must read the flag: test events without it are a definition error', () => {
    expect(() =>
      describeService({ name: 'example', envSchema: settings, testEvents: ['user.registered'] }),
    ).toThrow('example: a service with testEvents reads TEST_ROUTES (withTestRoutes)');
  });

  it('a service without test events has no flag at all', () => {
    const described = describeService({ name: 'example', envSchema: settings });
    expect(described.env).not.toContain(TEST_ROUTES);
    expect(described.deployOptional).toEqual([]);
  });
});
