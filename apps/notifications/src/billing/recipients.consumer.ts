import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS } from '@jibs/domain';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { ORGANISATION_ROW, OrganisationEntity } from './organisation.entity';
import { ReceiptsService } from './receipts.service';
import { RecipientEntity } from './recipient.entity';

export const RECIPIENTS_GROUP = 'notifications.recipients';

type RecipientEvent = EventOf<'user.registered' | 'settings.updated'>;

/**
 * Learns what receipts need from identity's events: each member's email address and first name
 * (`user.registered`) and the organisation's name, admin email and email switch
 * (`settings.updated`). Receipts for payments
 * that completed before the member was known are sent once they are.
 */
@Injectable()
export class RecipientsConsumer {
  constructor(private readonly receipts: ReceiptsService) {}

  /** Set-based: one upsert for the batch's members, the latest organisation name. */
  @OnEvents(['user.registered', 'settings.updated'], { group: RECIPIENTS_GROUP, batch: true })
  async learn(events: RecipientEvent[], manager: EntityManager): Promise<void> {
    const recipients = new Map<string, { userId: string; email: string; firstName: string }>();
    const organisation: Partial<
      Pick<OrganisationEntity, 'name' | 'adminEmail' | 'emailNotifications' | 'smsNotifications'>
    > = {};
    for (const event of events) {
      if (event.type === 'user.registered') {
        const { userId, email, firstName } = event.data;
        recipients.set(userId, { userId, email, firstName });
      } else {
        const { siteName, adminEmail, emailNotifications, smsNotifications } = event.data.settings;
        if (typeof siteName === 'string' && siteName.trim()) {
          organisation.name = siteName.trim().slice(0, 100);
        }
        if (typeof adminEmail === 'string' && adminEmail.includes('@')) {
          organisation.adminEmail = adminEmail.trim().slice(0, 254);
        }
        if (typeof emailNotifications === 'boolean') {
          organisation.emailNotifications = emailNotifications;
        }
        if (typeof smsNotifications === 'boolean') {
          organisation.smsNotifications = smsNotifications;
        }
      }
    }
    if (recipients.size > 0) {
      await manager.getRepository(RecipientEntity).upsert([...recipients.values()], ['userId']);
    }
    if (Object.keys(organisation).length > 0) {
      // The first settings event may not name everything: the rest keep their defaults.
      await manager.query(
        `INSERT INTO organisation (id, name, admin_email, email_notifications, sms_notifications)
         VALUES ($1, $2, $3, $4, $6)
         ON CONFLICT (id) DO UPDATE SET
           name = COALESCE($5, organisation.name),
           admin_email = COALESCE($3, organisation.admin_email),
           email_notifications = COALESCE($4, organisation.email_notifications),
           sms_notifications = COALESCE($6, organisation.sms_notifications),
           updated_at = now()`,
        [
          ORGANISATION_ROW,
          organisation.name ?? DEFAULT_SETTINGS.siteName,
          organisation.adminEmail ?? null,
          organisation.emailNotifications ?? null,
          organisation.name ?? null,
          organisation.smsNotifications ?? null,
        ],
      );
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
