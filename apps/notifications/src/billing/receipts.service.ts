import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, type Language } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import { inLanguage, type Mailer } from '@jibs/mailer';
import { LOGGER, type Logger } from '@jibs/observability';
import { ENGLISH } from '../languages/member-languages';
import { receiptEmail } from './billing-messages';
import { ORGANISATION_ROW, OrganisationEntity } from './organisation.entity';
import { ReceiptEntity } from './receipt.entity';
import { RecipientEntity } from './recipient.entity';

export const MAILER = Symbol('MAILER');

/** Receipts handed to the mail transport at once by one batch. */
const MAIL_CONCURRENCY = 8;

/**
 * Emailed receipts for completed payments.
 *
 * A receipt row is written in the same transaction as the payment's notification (`recordAll`);
 * sending happens only after that transaction has committed (`sendPending`), never inside it, so
 * a rolled-back effect never emails and a slow mail server never holds a database transaction.
 *
 * Delivery trade-off: `sendPending` claims a receipt by setting `sent_at` (an atomic UPDATE ...
 * WHERE sent_at IS NULL, so concurrent or repeated deliveries of the event send it once) and only
 * then sends. When the send fails the claim is released and the error rethrown, so the consumer
 * retries the event (the inbox makes the notification part a no-op) and the receipt is sent
 * again. Only a process crash between the claim and the mail server accepting the message loses
 * a receipt: we prefer that rare, visible gap (the receipt row stays with `sent_at` set, and the
 * payment is in the member's payment history) to emailing a member the same receipt twice.
 * Marking after sending would give the opposite: at-least-once with a rare duplicate.
 */
interface ClaimedReceipt {
  payment_id: string;
  user_id: string;
  amount: number;
  currency: string;
  payment_type: string;
  description: string | null;
  paid_at: Date;
  email: string;
  first_name: string;
  language: Language | null;
  show_hijri: boolean | null;
}

/** A member's language as a claim read it (no row: English). */
const languageOf = (row: { language: Language | null; show_hijri: boolean | null }) =>
  row.language ? { language: row.language, showHijri: row.show_hijri ?? false } : ENGLISH;

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Records the receipts owed for several payments with one statement. */
  async recordAll(
    manager: EntityManager,
    payments: readonly { data: EventData<'payment.completed'>; paidAt: Date }[],
  ): Promise<void> {
    if (payments.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(ReceiptEntity)
      .values(
        payments.map(({ data, paidAt }) => ({
          paymentId: data.paymentId,
          userId: data.userId,
          amount: data.amount,
          currency: data.currency,
          paymentType: data.type,
          description: data.description,
          paidAt,
          sentAt: null,
        })),
      )
      .orIgnore()
      .execute();
  }

  /**
   * Sends the receipts of these payments that are unsent and whose member is known: one
   * statement claims them all (with the addresses), one reads the organisation's name, then each
   * is handed to the mail transport. Claims of the receipts not handed over when a send fails
   * are released and the error rethrown, so the event is retried (as `sendPending`).
   */
  async sendForPayments(paymentIds: readonly string[]): Promise<number> {
    if (paymentIds.length === 0) return 0;
    const result: unknown[] = await this.dataSource.query(
      `UPDATE receipts r SET sent_at = now()
         FROM recipients p
         LEFT JOIN member_languages l ON l.user_id = p.user_id
        WHERE p.user_id = r.user_id AND r.payment_id = ANY($1::uuid[]) AND r.sent_at IS NULL
        RETURNING r.payment_id, r.user_id, r.amount, r.currency, r.payment_type, r.description,
                  r.paid_at, p.email, p.first_name, l.language, l.show_hijri`,
      [[...new Set(paymentIds)]],
    );
    // typeorm's postgres driver returns [rows, count] for UPDATE ... RETURNING.
    const claimed = (Array.isArray(result[0]) ? result[0] : result) as ClaimedReceipt[];
    if (claimed.length === 0) return 0;
    const organisation = await this.organisationName();
    const sent = new Set<string>();
    // A few at a time: the mail transport's rate, not one round trip after another.
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const row = claimed[next++];
        const receipt = {
          paymentId: row.payment_id,
          userId: row.user_id,
          amount: row.amount,
          currency: row.currency,
          paymentType: row.payment_type,
          description: row.description,
          paidAt: row.paid_at,
        };
        const lang = languageOf(row);
        await this.mailer.send(
          inLanguage(
            { to: row.email, ...receiptEmail(receipt, row.first_name, organisation, lang) },
            lang.language,
          ),
        );
        sent.add(row.payment_id);
        this.logger.info({ paymentId: row.payment_id, userId: row.user_id }, 'receipt sent');
      }
    };
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(MAIL_CONCURRENCY, claimed.length) }, worker),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      await this.dataSource.query(
        `UPDATE receipts SET sent_at = NULL WHERE payment_id = ANY($1::uuid[])`,
        [claimed.filter((row) => !sent.has(row.payment_id)).map((row) => row.payment_id)],
      );
      throw failed.reason;
    }
    return sent.size;
  }

  /**
   * Sends the unsent receipts of these members, looking them up with one query, so a batch of
   * members none of whom is owed a receipt costs one round trip.
   */
  async sendPendingFor(userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const waiting: { user_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT user_id FROM receipts WHERE user_id = ANY($1::uuid[]) AND sent_at IS NULL`,
      [[...new Set(userIds)]],
    );
    let sent = 0;
    for (const { user_id: userId } of waiting) sent += await this.sendPending(userId);
    return sent;
  }

  /**
   * Sends the member's unsent receipts (or just `paymentId`'s) if their email address is known.
   * Called after the transaction that recorded a receipt, or the recipient, has committed.
   */
  async sendPending(userId: string, paymentId?: string): Promise<number> {
    const recipient = await this.dataSource
      .getRepository(RecipientEntity)
      .findOne({ where: { userId } });
    if (!recipient) {
      this.logger.debug({ userId, paymentId }, 'receipt waits for the member to be known');
      return 0;
    }
    const pending = await this.dataSource.getRepository(ReceiptEntity).find({
      where: paymentId ? { paymentId, sentAt: IsNull() } : { userId, sentAt: IsNull() },
      order: { paidAt: 'ASC' },
    });
    let sent = 0;
    for (const receipt of pending) {
      if (await this.sendOne(receipt, recipient)) sent += 1;
    }
    return sent;
  }

  private async sendOne(receipt: ReceiptEntity, recipient: RecipientEntity): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `UPDATE receipts SET sent_at = now() WHERE payment_id = $1 AND sent_at IS NULL RETURNING payment_id`,
      [receipt.paymentId],
    );
    // typeorm's postgres driver returns [rows, count] for UPDATE ... RETURNING.
    const rows = Array.isArray(claimed[0]) ? (claimed[0] as unknown[]) : claimed;
    if (rows.length === 0) return false;
    const organisation = await this.organisationName();
    const [chosen] = (await this.dataSource.query(
      'SELECT language, show_hijri FROM member_languages WHERE user_id = $1',
      [recipient.userId],
    )) as { language: Language; show_hijri: boolean }[];
    const language = chosen ? languageOf(chosen) : ENGLISH;
    const mail = receiptEmail(receipt, recipient.firstName, organisation, language);
    try {
      await this.mailer.send(inLanguage({ to: recipient.email, ...mail }, language.language));
    } catch (error) {
      await this.dataSource.query(`UPDATE receipts SET sent_at = NULL WHERE payment_id = $1`, [
        receipt.paymentId,
      ]);
      throw error;
    }
    this.logger.info({ paymentId: receipt.paymentId, userId: receipt.userId }, 'receipt sent');
    return true;
  }

  private async organisationName(): Promise<string> {
    const row = await this.dataSource
      .getRepository(OrganisationEntity)
      .findOne({ where: { id: ORGANISATION_ROW } });
    return row?.name ?? DEFAULT_SETTINGS.siteName;
  }
}
