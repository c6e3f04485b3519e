import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { ORGANISATION_ROW, OrganisationEntity } from './organisation.entity';
import { ReceiptsService } from './receipts.service';
import { RecipientEntity } from './recipient.entity';

export const RECIPIENTS_GROUP = 'notifications.recipients';

type RecipientEvent = EventOf<'user.registered' | 'settings.updated'>;

/**
 * Learns what receipts need from identity's events: each member's email address and first name
 * (`user.registered`) and the organisation's name (`settings.updated`). Receipts for payments
 * that completed before the member was known are sent once they are.
 */
@Injectable()
export class RecipientsConsumer {
  constructor(private readonly receipts: ReceiptsService) {}

  /** Set-based: one upsert for the batch's members, the latest organisation name. */
  @OnEvents(['user.registered', 'settings.updated'], { group: RECIPIENTS_GROUP, batch: true })
  async learn(events: RecipientEvent[], manager: EntityManager): Promise<void> {
    const recipients = new Map<string, { userId: string; email: string; firstName: string }>();
    let organisation: string | undefined;
    for (const event of events) {
      if (event.type === 'user.registered') {
        const { userId, email, firstName } = event.data;
        recipients.set(userId, { userId, email, firstName });
      } else {
        const name = event.data.settings['siteName'];
        if (typeof name === 'string' && name.trim()) organisation = name.trim().slice(0, 100);
      }
    }
    if (recipients.size > 0) {
      await manager.getRepository(RecipientEntity).upsert([...recipients.values()], ['userId']);
    }
    if (organisation) {
      await manager
        .getRepository(OrganisationEntity)
        .upsert({ id: ORGANISATION_ROW, name: organisation }, ['id']);
    }
  }

  /**
   * After the commit, on every delivery (so a send that failed is retried): the receipts that
   * waited for these members. One query for the batch; nothing more when none is waiting.
   */
  @AfterEvents('user.registered', { group: RECIPIENTS_GROUP })
  async sendWaitingReceipts(events: EventOf<'user.registered'>[]): Promise<void> {
    await this.receipts.sendPendingFor(events.map((event) => event.data.userId));
  }
}
