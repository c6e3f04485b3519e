import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '@jibs/auth';
import { DatabaseModule } from '@jibs/database';
import { EventsModule, InboxEntity, OutboxEntity } from '@jibs/events';
import { createMailer, createSmsSender } from '@jibs/mailer';
import { LOGGER, type Logger, type ServiceMetrics } from '@jibs/observability';
import { AdminExportModule, AuditEntryEntity, subgraphGraphQLModule } from '@jibs/subgraph';
import { AccountLoader } from './accounts/account-loader';
import { AccountEntity } from './accounts/account.entity';
import { AccountsResolver } from './accounts/accounts.resolver';
import { AccountsStatsResolver } from './accounts/accounts-stats.resolver';
import { AccountsService } from './accounts/accounts.service';
import { AdminUsersResolver } from './admin-users/admin-users.resolver';
import { AdminUsersService } from './admin-users/admin-users.service';
import { FirstAdmin } from './accounts/first-admin';
import { PasswordHasher } from './accounts/password-hasher';
import { Viewers } from './accounts/viewers';
import { ContactMessageEntity } from './contact/contact-message.entity';
import { ContactResolver } from './contact/contact.resolver';
import { ContactService } from './contact/contact.service';
import { profilesExport } from './export/profiles.export';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity.config';
import { SigningKey } from './keys/signing-key';
import { identityMigrations } from './migrations';
import { BackgroundTasks } from './outgoing/background-tasks';
import { MAILER, OutgoingMessages, SMS_SENDER } from './outgoing/outgoing-messages';
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
import { TOTP_SECRET_BOX, TotpService } from './verification/totp.service';
import { VerificationCodeEntity } from './verification/verification-code.entity';
import { VerificationResolver } from './verification/verification.resolver';
import { VerificationService } from './verification/verification.service';

export const identityEntities = [
  AccountEntity,
  RefreshTokenEntity,
  SignInChallengeEntity,
  SignUpCodeEntity,
  VerificationCodeEntity,
  TotpCredentialEntity,
  PasswordResetTokenEntity,
  SiteSettingsEntity,
  ContactMessageEntity,
  AuditEntryEntity,
  OutboxEntity,
  InboxEntity,
];

export interface IdentityDependencies {
  config: IdentityConfig;
  logger: Logger;
  metrics: ServiceMetrics;
  signingKey: SigningKey;
}

/**
 * Accounts, sessions (with authenticator challenges), verification, password reset,
 * profiles, roles, site settings and the public contact forms.
 */
@Module({})
export class IdentityModule {
  static forRoot({ config, logger, metrics, signingKey }: IdentityDependencies): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities: identityEntities,
          migrations: identityMigrations,
          applicationName: 'identity',
        })),
        EventsModule.forRoot({
          source: 'jibs/identity',
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            clientId: 'identity',
            logger,
          }),
          metrics: metrics.registry,
        }),
        AuthModule.forRoot(() => ({
          jwksUrl: config.JWKS_URL,
          issuer: config.JWT_ISSUER,
          audience: config.JWT_AUDIENCE,
          localKeys: signingKey.jwks(),
          // Identity is where revocations are made: it reads its own database (Revocations).
          revocations: 'local',
        })),
        subgraphGraphQLModule(() => ({
          logger,
          metrics,
          production: config.NODE_ENV === 'production',
        })),
        AdminExportModule.forTables({ service: 'jibs/identity', tables: [profilesExport], logger }),
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: SigningKey, useValue: signingKey },
        {
          provide: TOTP_SECRET_BOX,
          useFactory: () => SecretBox.fromKey(config.TOTP_ENCRYPTION_KEY),
        },
        { provide: LOGGER, useValue: logger },
        { provide: MAILER, useFactory: () => createMailer(config) },
        { provide: SMS_SENDER, useFactory: () => createSmsSender(config) },
        BackgroundTasks,
        OutgoingMessages,
        ThrottleService,
        ExpiredRecords,
        PasswordHasher,
        AccountsService,
        AccountLoader,
        Viewers,
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
        PasswordResetService,
        PasswordResetResolver,
        SettingsService,
        SettingsResolver,
        ContactService,
        ContactResolver,
      ],
    };
  }
}
