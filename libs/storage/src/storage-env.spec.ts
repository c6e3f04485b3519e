import { ConfigError, loadConfig, serviceEnvSchema } from '@jibs/config';
import { z } from 'zod';
import { storageEnvSchema } from './storage-env';

describe('storageEnvSchema', () => {
  it('reads the local s3rver settings', () => {
    expect(
      loadConfig(storageEnvSchema, {
        S3_ENDPOINT: 'http://127.0.0.1:4569',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('defaults to AWS: no endpoint, us-east-1, virtual-hosted style, the default credentials', () => {
    expect(loadConfig(storageEnvSchema, {})).toEqual({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it('names each bad variable and never its value', () => {
    let error: unknown;
    try {
      loadConfig(storageEnvSchema, {
        S3_ENDPOINT: 'not a url',
        S3_ACCESS_KEY_ID: 'AKIASECRETVALUE',
        S3_FORCE_PATH_STYLE: 'yes',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/S3_ENDPOINT/);
    expect(problems).toMatch(/S3_FORCE_PATH_STYLE/);
    expect(problems).not.toContain('AKIASECRETVALUE');
  });

  it('wants both keys or neither', () => {
    expect(() => loadConfig(storageEnvSchema, { S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/,
    );
  });

  it('merges into a service schema', () => {
    const config = loadConfig(z.intersection(serviceEnvSchema, storageEnvSchema), {
      DATABASE_URL: 'postgres://localhost/documents',
      EVENTLOG_DATABASE_URL: 'postgres://localhost/eventlog',
      JWKS_URL: 'http://127.0.0.1:4001/.well-known/jwks.json',
      GATEWAY_SECRET: 'a-test-gateway-secret-of-32-chars-or-more',
      S3_REGION: 'eu-west-1',
    });
    expect(config.S3_REGION).toBe('eu-west-1');
    expect(config.DATABASE_URL).toBe('postgres://localhost/documents');
  });
});
