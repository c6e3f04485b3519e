import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '@jibs/database';
import { Role } from '@jibs/domain';
import { LOGGER, type Logger } from '@jibs/observability';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { SettingsService } from '../settings/settings.service';
import { AccountsService } from './accounts.service';
import { AccountEntity } from './account.entity';
import { PasswordHasher } from './password-hasher';

// Any fixed number: only this bootstrap takes it.
const FIRST_ADMIN_LOCK = 724_118_302;

/** The specification's default for a missing date of birth. */
const UNKNOWN_DATE_OF_BIRTH = '1900-01-01';

/**
 * At boot, with ADMIN_EMAIL and ADMIN_PASSWORD set and no admin yet, creates that admin:
 * verified, without an authenticator, so the first sign-in enrols one. Safe across restarts
 * and replicas starting together (the unique email decides). An existing member account with
 * that email is never promoted: whoever registered it chose its password.
 */
@Injectable()
export class FirstAdmin implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly settings: SettingsService,
    private readonly passwords: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password || (await this.accounts.anyAdminExists())) return;
    if (await this.accounts.byEmail(email)) {
      this.logger.warn('ADMIN_EMAIL belongs to a member account; no admin was created');
      return;
    }
    const passwordHash = await this.passwords.hash(password);
    try {
      const created = await this.dataSource.transaction(async (manager) => {
        // Replicas booting together take turns; the second finds the first one's admin.
        await manager.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK]);
        if (await manager.exists(AccountEntity, { where: [{ role: Role.ADMIN }, { email }] })) {
          return null;
        }
        const account = await this.accounts.create(manager, {
          email,
          passwordHash,
          role: Role.ADMIN,
          firstName: 'Site',
          lastName: 'Administrator',
          dateOfBirth: UNKNOWN_DATE_OF_BIRTH,
          verifiedAt: new Date(),
          verifiedWith: null,
          // The operator chose the address.
          emailVerifiedAt: new Date(),
        });
        await this.settings.adoptAdminEmail(manager, email);
        return account;
      });
      // The account's id, not its address: no email reaches a log (the launcher prints the
      // address it chose to the operator itself).
      if (created) this.logger.info({ userId: created.id }, 'created the first admin account');
    } catch (error) {
      // The unique email is the last word if the lock was ever bypassed.
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
