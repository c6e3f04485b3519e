import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, type Language, type NotificationKind } from '@jibs/domain';
import { inLanguage, type Mailer } from '@jibs/mailer';
import { LOGGER, type Logger } from '@jibs/observability';
import { ORGANISATION_ROW, OrganisationEntity } from '../billing/organisation.entity';
import { MAILER } from '../billing/receipts.service';
import { RecipientEntity } from '../billing/recipient.entity';
import type { NotificationsConfig } from '../notifications.config';
import { NOTIFICATIONS_CONFIG } from '../notifications.tokens';
import { mailText } from '../languages/message-text';
import { decideDelivery, type MessageClass } from '../preferences/delivery-decision';
import { NotificationPreferenceEntity } from '../preferences/notification-preference.entity';
import {
  UNSUBSCRIBE_TOKENS,
  unsubscribeParts,
  type UnsubscribeTokens,
} from '../preferences/unsubscribe-token';
import { OutgoingMailEntity } from './outgoing-mail.entity';
import type { MailText } from './review-messages';

/** What the settings say of mails, with the defaults until a settings event was seen. */
export interface MailSettings {
  organisation: string;
  adminEmail: string;
  emailNotifications: boolean;
  smsNotifications: boolean;
}

/**
 * A mail owed because of an event: to a member (address read at send time) or an address, of a
 * kind the member chooses for or essential (a mail to an address, the admins', is essential:
 * there is no member to choose).
 */
export type OwedMail = {
  eventId: string;
  to: { userId: string } | { address: string };
  category: MessageClass;
  /** The language it is written in (the member's; English for the admins' address). */
  language: Language;
} & MailText;

/** One mail per event and recipient: a redelivered event records none again. */
const kindOf = (mail: OwedMail) =>
  'userId' in mail.to ? `member:${mail.to.userId}` : `address:${mail.to.address}`;

interface ClaimedMail {
  id: string;
  address: string;
  subject: string;
  body: string;
  category: MessageClass;
  recipient_user_id: string | null;
  language: Language;
}

/**
 * Emails owed because of events: recorded in the event's transaction (`record`), sent after it
 * has committed (`sendForEvents`), each claimed once (see OutgoingMailEntity).
 */
@Injectable()
export class ReviewMailService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UNSUBSCRIBE_TOKENS) private readonly tokens: UnsubscribeTokens,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async settings(manager: EntityManager): Promise<MailSettings> {
    const row = await manager
      .getRepository(OrganisationEntity)
      .findOne({ where: { id: ORGANISATION_ROW } });
    return {
      organisation: row?.name ?? DEFAULT_SETTINGS.siteName,
      adminEmail: row?.adminEmail ?? DEFAULT_SETTINGS.adminEmail,
      emailNotifications: row?.emailNotifications ?? DEFAULT_SETTINGS.emailNotifications,
      smsNotifications: row?.smsNotifications ?? DEFAULT_SETTINGS.smsNotifications,
    };
  }

  /** The known members among `userIds`, by id (one query). */
  async members(
    manager: EntityManager,
    userIds: readonly string[],
  ): Promise<Map<string, RecipientEntity>> {
    if (userIds.length === 0) return new Map();
    const rows = await manager
      .getRepository(RecipientEntity)
      .find({ where: { userId: In([...new Set(userIds)]) } });
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /**
   * Records the mails the decision allows (the site's email switch, each member's choice for
   * the mail's kind: one query for the batch's members) with one statement; a redelivered
   * event records nothing new.
   */
  async record(manager: EntityManager, mails: readonly OwedMail[]): Promise<void> {
    if (mails.length === 0) return;
    const settings = await this.settings(manager);
    const choices = await this.choices(manager, mails);
    const allowed = mails.filter(
      (mail) =>
        decideDelivery(mail.category, {
          choice:
            'userId' in mail.to && mail.category !== 'essential'
              ? (choices.get(`${mail.to.userId}:${mail.category}`) ?? null)
              : null,
          // The member's address is read at send time: a mail waits until it is known.
          hasEmail: true,
          verifiedPhone: false,
          site: settings,
        }).email,
    );
    if (allowed.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutgoingMailEntity)
      .values(
        allowed.map((mail) => ({
          eventId: mail.eventId,
          kind: kindOf(mail),
          recipientUserId: 'userId' in mail.to ? mail.to.userId : null,
          toAddress: 'address' in mail.to ? mail.to.address : null,
          category: mail.category,
          subject: mail.subject,
          body: mail.text,
          language: mail.language,
          sentAt: null,
        })),
      )
      .orIgnore()
      .execute();
  }

  /** The members' choices for the kinds of these mails, by `userId:kind`. */
  private async choices(
    manager: EntityManager,
    mails: readonly OwedMail[],
  ): Promise<Map<string, { email: boolean; sms: boolean }>> {
    const userIds = mails.flatMap((mail) =>
      'userId' in mail.to && mail.category !== 'essential' ? [mail.to.userId] : [],
    );
    if (userIds.length === 0) return new Map();
    const rows = await manager
      .getRepository(NotificationPreferenceEntity)
      .find({ where: { userId: In([...new Set(userIds)]) } });
    return new Map(rows.map((row) => [`${row.userId}:${row.kind}`, row]));
  }

  /**
   * Claims the unsent mails of these events whose address is known (one statement) and sends
   * them; when a send fails the unsent claims are released and the error rethrown, so the event
   * is delivered again and the rest go then.
   */
  async sendForEvents(eventIds: readonly string[]): Promise<number> {
    if (eventIds.length === 0) return 0;
    const result: unknown[] = await this.dataSource.query(
      `UPDATE outgoing_mail m SET sent_at = now()
         FROM (SELECT o.id, COALESCE(o.to_address, r.email) AS address
                 FROM outgoing_mail o
                 LEFT JOIN recipients r ON r.user_id = o.recipient_user_id
                WHERE o.event_id = ANY($1::varchar[]) AND o.sent_at IS NULL) s
        WHERE m.id = s.id AND s.address IS NOT NULL
        RETURNING m.id, s.address, m.subject, m.body, m.category, m.recipient_user_id, m.language`,
      [[...new Set(eventIds)]],
    );
    // typeorm's postgres driver returns [rows, count] for UPDATE ... RETURNING.
    const claimed = (Array.isArray(result[0]) ? result[0] : result) as ClaimedMail[];
    const sent = new Set<string>();
    try {
      for (const mail of claimed) {
        await this.mailer.send(this.message(mail));
        sent.add(mail.id);
        this.logger.info({ mailId: mail.id }, 'review mail sent');
      }
    } catch (error) {
      await this.dataSource.query(
        `UPDATE outgoing_mail SET sent_at = NULL WHERE id = ANY($1::uuid[])`,
        [claimed.filter((mail) => !sent.has(mail.id)).map((mail) => mail.id)],
      );
      throw error;
    }
    return sent.size;
  }

  /**
   * A member's non-essential mail carries its one-click unsubscribe link and headers; every
   * mail has its HTML twin in its language (right to left in Arabic and Urdu).
   */
  private message(mail: ClaimedMail) {
    if (mail.category === 'essential' || !mail.recipient_user_id) {
      return inLanguage(
        { to: mail.address, subject: mail.subject, text: mail.body },
        mail.language,
      );
    }
    const unsubscribe = unsubscribeParts(
      this.tokens,
      this.config.PUBLIC_ORIGIN,
      mail.recipient_user_id,
      mail.category as NotificationKind,
    );
    const footer = mailText({ language: mail.language, showHijri: false }, 'unsubscribe', {
      url: unsubscribe.url,
    });
    return inLanguage(
      {
        to: mail.address,
        subject: mail.subject,
        text: `${mail.body}\n\n${footer}`,
        headers: unsubscribe.headers,
      },
      mail.language,
    );
  }
}
