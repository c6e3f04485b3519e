import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_SETTINGS, type Language } from '@jibs/domain';
import { inLanguage, SmsDeliveryError, type Mailer, type SmsSender } from '@jibs/mailer';
import { LOGGER, type Logger } from '@jibs/observability';
import { ORGANISATION_ROW } from '../billing/organisation.entity';
import { MAILER } from '../billing/receipts.service';
import {
  UNSUBSCRIBE_TOKENS,
  unsubscribeParts,
  type UnsubscribeTokens,
} from '../preferences/unsubscribe-token';
import { NOTIFICATIONS_CONFIG, SMS_SENDER } from '../notifications.tokens';
import type { NotificationsConfig } from '../notifications.config';
import { ENGLISH, type MemberLanguage } from '../languages/member-languages';
import { janazahEmail, janazahSms, type JanazahNotice } from './janazah-messages';

/** Rows claimed per round trip, and sends in flight at once. */
const BATCH = 500;
const CONCURRENCY = 16;

interface ClaimedDelivery {
  id: string;
  channel: 'email' | 'sms';
  user_id: string;
  email: string | null;
  first_name: string | null;
  phone: string | null;
  language: Language | null;
  show_hijri: boolean | null;
  notice: JanazahNotice;
}

export interface DrainResult {
  email: number;
  sms: number;
  failed: number;
}

/**
 * Drains the janazah deliveries: claims a batch of unsent email and SMS rows in one statement
 * (with what their messages need), hands them to the mail and SMS transports a few at a time,
 * and takes the next batch until none is left. A failed send is released to be retried (the
 * error is rethrown at the end, so the event is delivered again); a text the provider refuses
 * for good is logged and not retried.
 */
@Injectable()
export class JanazahSender {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(UNSUBSCRIBE_TOKENS) private readonly tokens: UnsubscribeTokens,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async drain(): Promise<DrainResult> {
    const result: DrainResult = { email: 0, sms: 0, failed: 0 };
    const organisation = await this.organisation();
    let firstError: unknown;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      const released: string[] = [];
      await inPool(claimed, CONCURRENCY, async (delivery) => {
        try {
          if (await this.send(delivery, organisation)) result[delivery.channel]++;
        } catch (error) {
          result.failed++;
          if (error instanceof SmsDeliveryError && error.permanent) {
            this.logger.warn({ err: error, deliveryId: delivery.id }, 'janazah text refused');
            return;
          }
          firstError ??= error;
          released.push(delivery.id);
        }
      });
      if (released.length > 0) {
        await this.dataSource.query(
          'UPDATE janazah_deliveries SET sent_at = NULL WHERE id = ANY($1::bigint[])',
          [released],
        );
        break;
      }
    }
    if (firstError) throw firstError;
    return result;
  }

  private async claim(): Promise<ClaimedDelivery[]> {
    return this.dataSource.query(
      `WITH claimed AS (
         UPDATE janazah_deliveries d SET sent_at = now()
           FROM (SELECT id FROM janazah_deliveries WHERE sent_at IS NULL
                  ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) s
          WHERE d.id = s.id
          RETURNING d.id, d.notice_id, d.sequence, d.change, d.user_id, d.channel
       )
       SELECT c.id, c.channel, c.user_id, r.email, r.first_name, v.phone, l.language,
              l.show_hijri, n.notice
         FROM claimed c
         JOIN janazah_notice_versions n
           ON n.notice_id = c.notice_id AND n.sequence = c.sequence AND n.change = c.change
         LEFT JOIN recipients r ON r.user_id = c.user_id
         LEFT JOIN verified_phones v ON v.user_id = c.user_id
         LEFT JOIN member_languages l ON l.user_id = c.user_id
        ORDER BY c.id`,
      [BATCH],
    );
  }

  /** False when the member has no address for the channel any more (nothing to send). */
  private async send(delivery: ClaimedDelivery, organisation: string): Promise<boolean> {
    const lang: MemberLanguage = delivery.language
      ? { language: delivery.language, showHijri: delivery.show_hijri ?? false }
      : ENGLISH;
    if (delivery.channel === 'sms') {
      if (!delivery.phone) return false;
      await this.sms.send({
        to: delivery.phone,
        text: janazahSms(delivery.notice, organisation, lang),
      });
      return true;
    }
    if (!delivery.email) return false;
    const unsubscribe = unsubscribeParts(
      this.tokens,
      this.config.PUBLIC_ORIGIN,
      delivery.user_id,
      'janazah',
    );
    const mail = janazahEmail(
      delivery.notice,
      delivery.first_name,
      organisation,
      unsubscribe.url,
      lang,
    );
    await this.mailer.send(
      inLanguage(
        {
          to: delivery.email,
          subject: mail.subject,
          text: mail.text,
          headers: unsubscribe.headers,
          attachments: [
            {
              filename: 'janazah.ics',
              contentType: `text/calendar; charset=utf-8; method=${delivery.notice.change === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
              content: mail.ics,
            },
          ],
        },
        lang.language,
      ),
    );
    return true;
  }

  private async organisation(): Promise<string> {
    const rows: { name: string }[] = await this.dataSource.query(
      'SELECT name FROM organisation WHERE id = $1',
      [ORGANISATION_ROW],
    );
    return rows[0]?.name ?? DEFAULT_SETTINGS.siteName;
  }
}

/** Runs `work` over the items, at most `limit` at once. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
