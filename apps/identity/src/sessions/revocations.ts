import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { REVOCATION_LIST, type RevocationList, type RevocationSnapshot } from '@jibs/auth';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';

// Clock differences between identity and the services checking tokens.
const CLOCK_SKEW_SECONDS = 60;

/**
 * What must stop working before it expires: sessions (refresh-token families) revoked, and
 * per account the time before which access tokens are refused, within the last access-token
 * lifetime (older tokens have expired anyway). Served to the other services at
 * /internal/revocations; identity checks its own copy, refreshed as soon as it revokes.
 */
@Injectable()
export class Revocations implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REVOCATION_LIST) private readonly list: RevocationList,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.list.useSource(() => this.snapshot());
    // Revocations made before this boot apply from the first request on.
    await this.list.refresh();
  }

  async snapshot(): Promise<RevocationSnapshot> {
    const window = this.config.ACCESS_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS;
    const [sids, users] = await Promise.all([
      this.dataSource.query(
        `SELECT DISTINCT family_id AS sid FROM refresh_tokens
          WHERE revoked_at > now() - make_interval(secs => $1)`,
        [window],
      ) as Promise<{ sid: string }[]>,
      this.dataSource.query(
        `SELECT id, floor(extract(epoch FROM sessions_not_before))::bigint::text AS not_before
           FROM accounts WHERE sessions_not_before > now() - make_interval(secs => $1)`,
        [window],
      ) as Promise<{ id: string; not_before: string }[]>,
    ]);
    return {
      sids: sids.map((row) => row.sid),
      notBefore: Object.fromEntries(users.map((row) => [row.id, Number(row.not_before)])),
    };
  }

  /** After a revocation is committed: identity's own copy takes it at once. */
  async changed(): Promise<void> {
    await this.list.refresh();
  }
}
