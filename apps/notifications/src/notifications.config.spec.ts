import { notificationsService } from './notifications.module';

describe('notifications configuration', () => {
  const base = {
    DATABASE_URL: 'postgres://u:p@localhost:5432/notifications',
    EVENTLOG_DATABASE_URL: 'postgres://u:p@localhost:5432/eventlog',
    JWKS_URL: 'http://localhost:4001/.well-known/jwks.json',
    GATEWAY_SECRET: 'g'.repeat(32),
  };
  const production = {
    ...base,
    NODE_ENV: 'production',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://relay:587',
    SMS_TRANSPORT: 'http',
    SMS_HTTP_URL: 'https://sms.example.com/v1',
    SMS_HTTP_API_KEY: 'sk_live_1',
    UNSUBSCRIBE_SECRET: 'u'.repeat(32),
  };
  const load = (env: Record<string, string>) => () => notificationsService.loadConfig(env);

  it('starts locally with the mailbox for email and SMS', () => {
    const config = notificationsService.loadConfig(base);
    expect(config).toMatchObject({ MAIL_TRANSPORT: 'mailbox', SMS_TRANSPORT: 'mailbox' });
  });

  it('starts in production with real transports and an unsubscribe secret', () => {
    expect(notificationsService.loadConfig(production)).toMatchObject({
      SMS_TRANSPORT: 'http',
      SMS_HTTP_TIMEOUT_MS: 5000,
    });
  });

  it('refuses to start in production with the mailbox transport for email', () => {
    expect(load({ ...production, MAIL_TRANSPORT: 'mailbox' })).toThrow(
      /MAIL_TRANSPORT=mailbox writes mail to a local folder/,
    );
  });

  it('refuses to start in production with the mailbox transport for SMS', () => {
    expect(load({ ...production, SMS_TRANSPORT: 'mailbox' })).toThrow(
      /SMS_TRANSPORT=mailbox writes texts to a local folder/,
    );
  });

  it('refuses production without an unsubscribe secret, and an HTTP SMS provider without its URL and key', () => {
    const { UNSUBSCRIBE_SECRET: _secret, ...noSecret } = production;
    expect(load(noSecret)).toThrow(/UNSUBSCRIBE_SECRET is required in production/);
    const { SMS_HTTP_API_KEY: _key, ...noKey } = production;
    expect(load(noKey)).toThrow(/SMS_HTTP_URL and SMS_HTTP_API_KEY are required/);
  });
});
