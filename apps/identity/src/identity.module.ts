import { REVOCATIONS_PATH, revocationVersionOf, revocationWaitMs } from '@jibs/auth';
import { LOCALES, loadCatalogue } from '@jibs/i18n';
import { createMailer, createSmsSender } from '@jibs/mailer';
import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { AccountLoader } from './accounts/account-loader';
import { AccountEntity } from './accounts/account.entity';
import { AccountsResolver } from './accounts/accounts.resolver';
import { AccountsStatsResolver } from './accounts/accounts-stats.resolver';
import { AccountsService } from './accounts/accounts.service';
import { AdminUsersResolver } from './admin-users/admin-users.resolver';
import { AdminUsersService } from './admin-users/admin-users.service';
import { FirstAdmin } from './accounts/first-admin';
import { PasswordHasher } from './accounts/password-hasher';
import { ContactMessageEntity } from './contact/contact-message.entity';
import { ContactResolver } from './contact/contact.resolver';
import { ContactService } from './contact/contact.service';
import { profilesExport } from './export/profiles.export';
import { IDENTITY_CONFIG, identityEnvSchema, type IdentityConfig } from './identity.config';
import { SigningKey } from './keys/signing-key';
import { identityMigrations } from './migrations';
import { BackgroundTasks } from './outgoing/background-tasks';
import { MAILER, OutgoingMessages, SMS_AVAILABLE, SMS_SENDER } from './outgoing/outgoing-messages';
import { PasswordResetTokenEntity } from './password-reset/password-reset-token.entity';
import { PasswordResetResolver } from './password-reset/password-reset.resolver';
import { PasswordResetService } from './password-reset/password-reset.service';
import { RefreshTokenEntity } from './sessions/refresh-token.entity';
import { SessionsResolver } from './sessions/sessions.resolver';
import { Revocations } from './sessions/revocations';
import { SessionsService } from './sessions/sessions.service';
import { SignInChallengeEntity } from './sessions/sign-in-challenge.entity';
import { SignInService } from './sessions/sign-in.service';
import { SignUpCodeEntity } from './sign-up/sign-up-code.entity';
import { SignUpService } from './sign-up/sign-up.service';
import { SettingsResolver } from './settings/settings.resolver';
import { SettingsService } from './settings/settings.service';
import { SiteSettingsEntity } from './settings/site-settings.entity';
import { ThrottleService } from './throttling/throttle.service';
import { TotpCredentialEntity } from './verification/totp-credential.entity';
import { ExpiredRecords } from './housekeeping/expired-records';
import { SecretBox } from './security/secret-box';
import { RecoveryCodeEntity } from './second-factor/recovery-code.entity';
import { RecoveryCodes } from './second-factor/recovery-codes';
import { SecondFactorResolver } from './second-factor/second-factor.resolver';
import { SecondFactorService } from './second-factor/second-factor.service';
import { TOTP_SECRET_BOX, TotpService } from './verification/totp.service';
import { VerificationCodeEntity } from './verification/verification-code.entity';
import { VerificationResolver } from './verification/verification.resolver';
import { VerificationService } from './verification/verification.service';

/**
 * Accounts, sessions (with authenticator challenges), verification, password reset,
 * profiles, roles, site settings and the public contact forms. Identity issues the access
 * tokens: it verifies them with its own key and keeps the revocations the others read.
 */
export const identityService = defineService<IdentityConfig, { signingKey: SigningKey }>({
  name: 'identity',
  envSchema: identityEnvSchema,
  // Tuning with production defaults; tests lower them.
  deployOptional: [
    'ARGON2_MEMORY_KIB',
    'ARGON2_TIME_COST',
    'ARGON2_PARALLELISM',
    'SIGN_UPS_PER_ADDRESS_PER_HOUR',
  ],
  localEnv: ({ publicOrigin, secrets }) => ({
    JWT_PRIVATE_KEY: secrets.jwtPrivateKey,
    TOTP_ENCRYPTION_KEY: secrets.totpEncryptionKey,
    // Browsers accept Secure cookies on http://localhost; keep them Secure everywhere.
    COOKIE_SECURE: 'true',
    PUBLIC_ORIGIN: publicOrigin,
    ADMIN_EMAIL: secrets.adminEmail,
    ADMIN_PASSWORD: secrets.adminPassword,
  }),
  // Benchmarks and the bell's e2e announce a member again, through the real relay and bus; the
  // fan-out bench verifies phones and turns the site's SMS switch on the same way.
  testEvents: ['user.registered', 'user.verified_phone_changed', 'settings.updated'],
  entities: [
    AccountEntity,
    RefreshTokenEntity,
    SignInChallengeEntity,
    SignUpCodeEntity,
    VerificationCodeEntity,
    TotpCredentialEntity,
    RecoveryCodeEntity,
    PasswordResetTokenEntity,
    SiteSettingsEntity,
    ContactMessageEntity,
    AuditEntryEntity,
  ],
  migrations: identityMigrations,
  prepare: async ({ config }) => {
    // Every language's catalogue, before the first email is worded (libs/i18n's `t`).
    await Promise.all(LOCALES.map((locale) => loadCatalogue(locale)));
    return { signingKey: await SigningKey.fromPem(config.JWT_PRIVATE_KEY) };
  },
  // Identity is where tokens and revocations are made: its own key, its own database.
  auth: ({ signingKey }) => ({ localKeys: signingKey.jwks(), revocations: 'local' }),
  exports: [profilesExport],
  providers: ({ config, signingKey }) => [
    { provide: IDENTITY_CONFIG, useValue: config },
    { provide: SigningKey, useValue: signingKey },
    {
      provide: TOTP_SECRET_BOX,
      useFactory: () => SecretBox.fromKey(config.TOTP_ENCRYPTION_KEY),
    },
    { provide: MAILER, useFactory: () => createMailer(config) },
    { provide: SMS_SENDER, useFactory: () => createSmsSender(config) },
    { provide: SMS_AVAILABLE, useValue: config.SMS_TRANSPORT !== 'none' },
    BackgroundTasks,
    OutgoingMessages,
    ThrottleService,
    ExpiredRecords,
    PasswordHasher,
    AccountsService,
    AccountLoader,
    AccountsResolver,
    AdminUsersService,
    AdminUsersResolver,
    AccountsStatsResolver,
    FirstAdmin,
    Revocations,
    SessionsService,
    SignInService,
    SignUpService,
    SessionsResolver,
    TotpService,
    VerificationService,
    VerificationResolver,
    RecoveryCodes,
    SecondFactorService,
    SecondFactorResolver,
    PasswordResetService,
    PasswordResetResolver,
    SettingsService,
    SettingsResolver,
    ContactService,
    ContactResolver,
  ],
  configureHttp: (express, app, { config, signingKey }) => {
    // Sign-in and forms are throttled per client address: trust only the configured proxies.
    express.set('trust proxy', config.TRUST_PROXY);
    express.get('/.well-known/jwks.json', (_req, res) => {
      res.setHeader('cache-control', 'public, max-age=300');
      res.json(signingKey.jwks());
    });
    // For the services that verify tokens (libs/auth); nothing secret: random session ids.
    // A long poll: with the version it holds and `Prefer: wait=`, a verifier is answered when
    // the list changes, or 304 when the wait ends first.
    express.get(REVOCATIONS_PATH, (req, res, next) => {
      const known = revocationVersionOf(req.headers['if-none-match']);
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      app
        .get(Revocations)
        .read(known, revocationWaitMs(req.headers.prefer), gone.signal)
        .then(({ snapshot, version }) => {
          res.setHeader('cache-control', 'no-store');
          res.setHeader('etag', `"${version}"`);
          if (version === known) res.status(304).end();
          else res.json(snapshot);
        })
        .catch(next);
    });
  },
});

export const identityEntities = identityService.entities;
