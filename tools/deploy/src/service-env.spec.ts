import { z } from 'zod';
import { envHelpers, secret, serviceEnvSchema } from '@jibs/config';
import { describeService, envSchemaShape } from '@jibs/subgraph';
import { services } from '@jibs/stack';
import { isSecretVariable, SECRET_VARIABLES, SERVICE_NAMES, SERVICES } from './service-env';

const REGISTRY = services();

describe('service definitions drive the deployment lists', () => {
  const schema = z
    .intersection(
      serviceEnvSchema,
      z.object({
        PORT: envHelpers.port(4099),
        EXAMPLE_TOKEN: secret(z.string().min(1)),
        EXAMPLE_HOST: z.string().optional(),
      }),
    )
    .refine(() => true);

  it('reads the variables of an env schema through intersections and refinements', () => {
    const keys = Object.keys(envSchemaShape(schema));
    expect(keys).toEqual(expect.arrayContaining(['DATABASE_URL', 'GATEWAY_SECRET', 'PORT']));
    expect(keys.slice(-3)).toEqual(['PORT', 'EXAMPLE_TOKEN', 'EXAMPLE_HOST']);
  });

  it("takes the port from PORT's default, and the secrets its schema marks", () => {
    const described = describeService({
      name: 'example',
      envSchema: schema,
      deployOptional: ['EXAMPLE_HOST'],
      buckets: { S3_BUCKET_EXAMPLE: 'example' },
    });
    expect(described.port).toBe(4099);
    expect(described.secrets).toEqual([
      'DATABASE_URL',
      'EVENTLOG_DATABASE_URL',
      'KAFKA_SASL_PASSWORD',
      'GATEWAY_SECRET',
      'EXAMPLE_TOKEN',
    ]);
    expect(described.localEnv({ publicOrigin: 'http://x', secrets: {} })).toEqual({
      S3_BUCKET_EXAMPLE: 'example',
    });
    expect(() =>
      describeService({ name: 'portless', envSchema: z.object({ PORT: z.coerce.number() }) }),
    ).toThrow('portless: its env schema has no PORT default');
  });

  it('refuses a list of secrets naming a variable the schema does not mark', () => {
    expect(() =>
      describeService({ name: 'example', envSchema: schema, secrets: ['EXAMPLE_HOST'] }),
    ).toThrow('example: EXAMPLE_HOST must be marked with secret() in its env schema');
    // A list of marked variables adds nothing: the secrets are still all the marked ones.
    expect(
      describeService({ name: 'example', envSchema: schema, secrets: ['EXAMPLE_TOKEN'] }).secrets,
    ).toEqual([
      'DATABASE_URL',
      'EVENTLOG_DATABASE_URL',
      'KAFKA_SASL_PASSWORD',
      'GATEWAY_SECRET',
      'EXAMPLE_TOKEN',
    ]);
  });

  it('finds every service by its definition, in port order, none listed by hand', () => {
    expect(REGISTRY.map((entry) => entry.name)).toEqual([
      'identity',
      'notifications',
      'billing',
      'cases',
      'documents',
      'memorials',
    ]);
  });

  it('lists every registered service and the gateway, each with its schema port', () => {
    expect(SERVICE_NAMES).toEqual([...REGISTRY.map((entry) => entry.name), 'gateway']);
    expect(SERVICES['billing']?.port).toBe(4003);
    expect(SERVICES['memorials']?.port).toBe(4006);
    const ports = SERVICE_NAMES.map((name) => SERVICES[name]?.port);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("deploys each service's schema variables but its optional stand-ins", () => {
    expect(SERVICES['billing']?.env).toEqual(
      expect.arrayContaining(['STRIPE_WEBHOOK_SECRET', 'PAYMENT_PROVIDER', 'DATABASE_URL']),
    );
    expect(SERVICES['billing']?.env).not.toContain('STRIPE_API_HOST');
    expect(SERVICES['documents']?.env).toContain('S3_BUCKET_DOCUMENTS');
    expect(SERVICES['identity']?.env).not.toContain('ARGON2_MEMORY_KIB');
  });

  it('gives the gateway one URL per subgraph and the extra routes their definitions ask for', () => {
    const gateway = SERVICES['gateway']?.env ?? [];
    for (const entry of REGISTRY) expect(gateway).toContain(`${entry.name.toUpperCase()}_URL`);
    expect(gateway).toEqual(expect.arrayContaining(['NOTIFICATIONS_WS_URL', 'BILLING_HTTP_URL']));
    expect(gateway).not.toContain('CASES_WS_URL');
  });

  it('marks secrets from the definitions, never plain settings', () => {
    for (const name of [
      'DATABASE_URL',
      'JWT_PRIVATE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'S3_SECRET_ACCESS_KEY',
      'GATEWAY_SECRET',
    ])
      expect(isSecretVariable(name)).toBe(true);
    for (const name of ['PORT', 'PAYMENT_PROVIDER', 'S3_BUCKET_DOCUMENTS', 'PUBLIC_ORIGIN'])
      expect(isSecretVariable(name)).toBe(false);
    expect(new Set(SECRET_VARIABLES).size).toBe(SECRET_VARIABLES.length);
  });
});
