import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const VERIFIED_PHONES_GROUP = 'notifications.verified-phones';

/** Learns each member's verified phone from identity (kept only while one is verified). */
@Injectable()
export class VerifiedPhonesConsumer {
  /** In order: a member's later change wins. */
  @OnEvents('user.verified_phone_changed', { group: VERIFIED_PHONES_GROUP, batch: true })
  async learn(
    events: EventOf<'user.verified_phone_changed'>[],
    manager: EntityManager,
  ): Promise<void> {
    for (const event of events) await this.apply(event.data, manager);
  }

  private async apply(
    { userId, phone }: EventOf<'user.verified_phone_changed'>['data'],
    manager: EntityManager,
  ): Promise<void> {
    if (phone) {
      await manager.query(
        `INSERT INTO verified_phones (user_id, phone) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET phone = EXCLUDED.phone, updated_at = now()`,
        [userId, phone],
      );
    } else {
      await manager.query('DELETE FROM verified_phones WHERE user_id = $1', [userId]);
    }
  }
}
