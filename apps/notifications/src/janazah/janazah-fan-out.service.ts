import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LANGUAGES } from '@jibs/domain';
import { announceRowSql } from '../notifications/notification-stream';
import type { NotificationsConfig } from '../notifications.config';
import { NOTIFICATIONS_CONFIG } from '../notifications.tokens';
import { deliverySql } from '../preferences/delivery-decision';
import type { NotificationText } from '../billing/billing-messages';
import { janazahNotificationText, type JanazahNotice } from './janazah-messages';

/**
 * Who is told of a notice, and the bell at once: one statement per notice version, whatever the
 * number of members. It writes a delivery row per member and channel their choices allow (the
 * decision's SQL twin), inserts the bell notifications for the rows it wrote and announces them
 * live; a version already written writes nothing, so a redelivered event tells no one twice.
 */
@Injectable()
export class JanazahFanOutService {
  /** No texts at all on a site without an SMS transport. */
  private readonly smsSql: string;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    this.smsSql = config.SMS_TRANSPORT === 'none' ? 'false' : deliverySql.sms;
  }

  /** Returns how many delivery rows were written (all channels). */
  async fanOut(manager: EntityManager, notice: JanazahNotice): Promise<number> {
    await manager.query(
      `INSERT INTO janazah_notice_versions (notice_id, sequence, change, notice)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [notice.noticeId, notice.sequence, notice.change, JSON.stringify(notice)],
    );
    // The bell in each member's language: one text per language, chosen per row below.
    const [en, ar, ur] = LANGUAGES.map((language) =>
      janazahNotificationText(notice, { language, showHijri: false }),
    ) as [NotificationText, NotificationText, NotificationText];
    const rows: { written: string }[] = await manager.query(
      `WITH written AS (
         INSERT INTO janazah_deliveries (notice_id, sequence, change, user_id, channel, sent_at)
         SELECT $1, $2, $3, r.user_id, c.channel, CASE WHEN c.channel = 'bell' THEN now() END
           FROM recipients r
           LEFT JOIN notification_preferences p ON p.user_id = r.user_id AND p.kind = 'janazah'
           LEFT JOIN verified_phones v ON v.user_id = r.user_id
           LEFT JOIN organisation o ON o.id = 1
           CROSS JOIN LATERAL (VALUES ('bell', true), ('email', ${deliverySql.email}),
                                      ('sms', ${this.smsSql})) AS c(channel, wanted)
          WHERE c.wanted
         ON CONFLICT DO NOTHING
         RETURNING user_id, channel
       ), bells AS (
         INSERT INTO notifications (user_id, title, message, type, read, created_at)
         SELECT w.user_id,
                CASE l.language WHEN 'ar' THEN $7 WHEN 'ur' THEN $9 ELSE $4 END,
                CASE l.language WHEN 'ar' THEN $8 WHEN 'ur' THEN $10 ELSE $5 END,
                $6, false, clock_timestamp()
           FROM written w LEFT JOIN member_languages l ON l.user_id = w.user_id
          WHERE w.channel = 'bell'
         RETURNING id, user_id, title, message, type, read, created_at
       ), announced AS (
         SELECT count(${announceRowSql('b')}) AS n FROM bells b
       )
       SELECT (SELECT count(*) FROM written)::int AS written, (SELECT n FROM announced) AS announced`,
      [
        notice.noticeId,
        notice.sequence,
        notice.change,
        en.title,
        en.message,
        en.type,
        ar.title,
        ar.message,
        ur.title,
        ur.message,
      ],
    );
    return Number(rows[0]?.written ?? 0);
  }
}
