import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const VERIFICATIONS_GROUP = 'billing.verifications';

/** Records that a member verified (registration step 2): only verified members can pay. */
@Injectable()
export class VerificationsConsumer {
  /**
   * One statement per batch; `user.verified` may arrive before `user.registered`, so the
   * member row is created when billing has not met the user yet (registration fills in the
   * names and email later).
   */
  @OnEvents('user.verified', { group: VERIFICATIONS_GROUP, batch: true })
  async record(events: EventOf<'user.verified'>[], manager: EntityManager): Promise<void> {
    const userIds = [...new Set(events.map((event) => event.data.userId))];
    await manager.query(
      `INSERT INTO members (user_id, email_verified)
       SELECT id, true FROM unnest($1::uuid[]) AS id
       ON CONFLICT (user_id) DO UPDATE SET email_verified = true, updated_at = now()`,
      [userIds],
    );
  }
}
