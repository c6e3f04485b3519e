import { loadConfig, redactConfig, secretKeys } from '@jibs/config';
import { argon2CostOf, PasswordHasher } from './accounts/password-hasher';
import { identityEnvSchema } from './identity.config';

/** What `identityService.loadConfig` does, without loading the service. */
const loadIdentityConfig = (env: NodeJS.ProcessEnv) => loadConfig(identityEnvSchema, env);

const base = {
  DATABASE_URL: 'postgres://localhost/identity',
  EVENTLOG_DATABASE_URL: 'postgres://localhost/eventlog',
  JWKS_URL: 'http://127.0.0.1:4001/.well-known/jwks.json',
  JWT_PRIVATE_KEY: 'pem',
  TOTP_ENCRYPTION_KEY: '11'.repeat(32),
  GATEWAY_SECRET: 'g'.repeat(32),
};

describe('identity configuration', () => {
  it('refuses in production to text codes into the local mailbox, and names what to set', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.org:587',
    };
    expect(() => loadIdentityConfig({ ...production, SMS_TRANSPORT: 'mailbox' })).toThrow(
      /SMS_TRANSPORT=mailbox writes texts to a local folder/,
    );
    expect(() => loadIdentityConfig({ ...production, SMS_TRANSPORT: 'http' })).toThrow(
      /SMS_HTTP_URL and SMS_HTTP_API_KEY are required/,
    );
    expect(loadIdentityConfig({ ...production, SMS_TRANSPORT: 'none' }).SMS_TRANSPORT).toBe('none');
    expect(
      loadIdentityConfig({
        ...production,
        SMS_TRANSPORT: 'http',
        SMS_HTTP_URL: 'https://sms.example.org',
        SMS_HTTP_API_KEY: 'k',
      }).SMS_TRANSPORT,
    ).toBe('http');
    // The local default stays the mailbox.
    expect(loadIdentityConfig(base).SMS_TRANSPORT).toBe('mailbox');
  });

  it('trusts only the loopback proxy unless told otherwise', () => {
    expect(loadIdentityConfig(base).TRUST_PROXY).toBe('loopback');
    expect(loadIdentityConfig({ ...base, TRUST_PROXY: 'loopback, uniquelocal' }).TRUST_PROXY).toBe(
      'loopback, uniquelocal',
    );
    expect(loadIdentityConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadIdentityConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it("hashes passwords at OWASP's argon2id minimum unless told otherwise", () => {
    const config = loadIdentityConfig(base);
    expect(argon2CostOf(config)).toEqual({ memoryKib: 19_456, timeCost: 2, parallelism: 1 });
    expect(
      argon2CostOf(loadIdentityConfig({ ...base, ARGON2_MEMORY_KIB: '64', ARGON2_TIME_COST: '1' })),
    ).toEqual({ memoryKib: 64, timeCost: 1, parallelism: 1 });
    expect(() => loadIdentityConfig({ ...base, ARGON2_TIME_COST: '0' })).toThrow(
      /ARGON2_TIME_COST/,
    );
  });

  it('stores hashes at the configured cost and verifies them', async () => {
    const hasher = new PasswordHasher(loadIdentityConfig(base));
    const hash = await hasher.hash('secret-123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'secret-123')).toBe(true);
    expect(await hasher.verify(hash, 'secret-124')).toBe(false);
    expect(await hasher.verify(undefined, 'secret-123')).toBe(false);
  });

  it('links emails to the public origin, without a trailing slash', () => {
    expect(loadIdentityConfig(base).PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(
      loadIdentityConfig({ ...base, PUBLIC_ORIGIN: 'https://jibs.example.org/' }).PUBLIC_ORIGIN,
    ).toBe('https://jibs.example.org');
  });

  it('takes the first admin as an email and password pair, or not at all', () => {
    expect(loadIdentityConfig(base).ADMIN_EMAIL).toBeUndefined();
    const config = loadIdentityConfig({
      ...base,
      ADMIN_EMAIL: 'Admin@Example.org',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(config.ADMIN_EMAIL).toBe('admin@example.org');
    expect(() => loadIdentityConfig({ ...base, ADMIN_EMAIL: 'admin@example.org' })).toThrow(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD are set together/,
    );
    expect(() =>
      loadIdentityConfig({ ...base, ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: '123' }),
    ).toThrow(/ADMIN_PASSWORD/);
  });

  it('needs a 32-byte key to seal authenticator secrets, and names it (never its value)', () => {
    const { TOTP_ENCRYPTION_KEY: _omitted, ...withoutKey } = base;
    expect(() => loadIdentityConfig(withoutKey)).toThrow(/TOTP_ENCRYPTION_KEY/);
    const tooShort = () => loadIdentityConfig({ ...base, TOTP_ENCRYPTION_KEY: 'abcd1234' });
    expect(tooShort).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
    expect(tooShort).not.toThrow(/abcd1234/);
  });

  it('never logs the secrets', () => {
    const config = loadIdentityConfig({
      ...base,
      ADMIN_EMAIL: 'admin@example.org',
      ADMIN_PASSWORD: 'long-enough',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://user:pass@mail.example.org:587',
    });
    const logged = JSON.stringify(redactConfig(config, secretKeys(identityEnvSchema)));
    for (const secret of ['pem', 'long-enough', 'user:pass', '11'.repeat(32)])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('admin@example.org');
  });
});
