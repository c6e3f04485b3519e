import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@jibs/observability';
import { DataSource } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import { DEFAULT_SETTINGS, DomainError, isUuid, PaymentStatus, Role, todayUtc } from '@jibs/domain';
import { MemberEntity } from '../membership/member.entity';
import { OfflinePaymentEntity } from '../offline-payments/offline-payment.entity';
import { PaymentEntity } from '../payments/payment.entity';
import { renderPdf, type PdfDocumentText } from './statement-pdf';
import { ENGLISH_READER, pdfWording, type PdfReader, type PdfWording } from './statement-words';

export const StatementMessages = {
  receiptNotFound: 'No receipt for this payment',
  memberNotFound: 'Member not found',
  yearInvalid: (latest: number) => `Choose a year from 2000 to ${latest}`,
} as const;

export interface PdfFile {
  fileName: string;
  body: Buffer;
}

const nameOf = (member: MemberEntity | null, fallback: string): string =>
  (member && [member.firstName, member.lastName].filter(Boolean).join(' ')) || fallback;

/** How an offline payment was paid, in the reader's words. */
function paidHow(words: PdfWording, method: string | undefined): string {
  const { say } = words;
  if (method === undefined) return say.paidOnline;
  if (method === 'cash') return say.paidInCash;
  if (method === 'check') return say.paidByCheck;
  return say.paidInPerson(method);
}

const columnsOf = ({ say }: PdfWording): PdfDocumentText['columns'] => ({
  date: say.date,
  description: say.description,
  amount: say.amount,
  total: say.total,
});

const counted = (payment: PaymentEntity): boolean =>
  payment.status === PaymentStatus.COMPLETED && payment.flagReason === null;

/**
 * Members' receipts and yearly contribution statements, rendered on the server from the
 * counted payments. A member gets only their own (another's answers as a missing one); an admin
 * any member's.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A payment's receipt, in the reader's language (English unless they say otherwise). */
  async receipt(
    caller: AuthUser,
    paymentId: string,
    reader: PdfReader = ENGLISH_READER,
  ): Promise<PdfFile> {
    const payment = isUuid(paymentId)
      ? await this.dataSource.manager.findOneBy(PaymentEntity, { id: paymentId })
      : null;
    if (
      !payment ||
      !counted(payment) ||
      (caller.role !== Role.ADMIN && payment.userId !== caller.id)
    )
      throw DomainError.notFound(StatementMessages.receiptNotFound);
    const [member, offline] = await Promise.all([
      this.dataSource.manager.findOneBy(MemberEntity, { userId: payment.userId }),
      this.dataSource.manager.findOneBy(OfflinePaymentEntity, { paymentId: payment.id }),
    ]);
    const date = offline?.paidOn ?? todayUtc(payment.createdAt);
    const body = await this.render(reader, (words) => {
      const { say } = words;
      const amount = words.numbers.cents(payment.amount);
      return {
        locale: words.reader.locale,
        title: say.receiptTitle,
        organisation: DEFAULT_SETTINGS.siteName,
        facts: [
          [say.member, nameOf(member, say.member)],
          [say.receiptFor, payment.id],
          [say.date, words.date(date)],
          [say.paid, paidHow(words, offline?.method)],
          ...(payment.providerPaymentId && !offline
            ? ([[say.paymentId, payment.providerPaymentId]] as [string, string][])
            : []),
        ],
        columns: columnsOf(words),
        rows: [
          {
            date: words.date(date),
            description: words.description(payment.description, payment.type),
            amount,
          },
        ],
        total: amount,
        footer: say.receiptFooter(DEFAULT_SETTINGS.siteName, payment.currency.toUpperCase()),
      };
    });
    return { fileName: `receipt-${date}-${payment.id.slice(0, 8)}.pdf`, body };
  }

  async contributions(
    caller: AuthUser,
    yearText: string,
    forUserId: string | undefined,
    reader: PdfReader = ENGLISH_READER,
  ): Promise<PdfFile> {
    const latest = new Date().getUTCFullYear();
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (!(year >= 2000 && year <= latest))
      throw DomainError.badInput({ year: StatementMessages.yearInvalid(latest) });
    const userId = caller.role === Role.ADMIN && forUserId ? forUserId : caller.id;
    const member = isUuid(userId)
      ? await this.dataSource.manager.findOneBy(MemberEntity, { userId })
      : null;
    if (!member) throw DomainError.notFound(StatementMessages.memberNotFound);
    const payments: (PaymentEntity & { paid_on: string | null })[] = await this.dataSource.query(
      `SELECT p.id, p.amount, p.description, p.type,
              COALESCE(o.paid_on::text, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) AS paid_on
         FROM payments p LEFT JOIN offline_payments o ON o.payment_id = p.id
        WHERE p.user_id = $1 AND p.status = $2 AND p.flag_reason IS NULL
          AND COALESCE(o.paid_on, (p.created_at AT TIME ZONE 'UTC')::date) BETWEEN $3::date AND $4::date
        ORDER BY paid_on, p.created_at`,
      [userId, PaymentStatus.COMPLETED, `${year}-01-01`, `${year}-12-31`],
    );
    const body = await this.render(reader, (words) => {
      const { say } = words;
      const rows = payments.map((payment) => ({
        date: words.date(payment.paid_on ?? ''),
        description: words.description(payment.description, payment.type),
        amount: words.numbers.cents(payment.amount),
      }));
      return {
        locale: words.reader.locale,
        title: say.statementTitle(String(year)),
        organisation: DEFAULT_SETTINGS.siteName,
        facts: [
          [say.member, nameOf(member, say.member)],
          [say.period, say.periodOfYear(String(year))],
          [say.payments, words.numbers.count(rows.length)],
        ],
        columns: columnsOf(words),
        rows,
        total: words.numbers.cents(payments.reduce((sum, payment) => sum + payment.amount, 0)),
        footer: say.statementFooter(DEFAULT_SETTINGS.siteName, String(year)),
      };
    });
    return { fileName: `contributions-${year}.pdf`, body };
  }

  /**
   * The PDF in the reader's language. Should shaping a right-to-left one fail (a glyph the font
   * cannot lay out), the reader gets it in English rather than an error, and the log says so.
   */
  private async render(
    reader: PdfReader,
    compose: (words: PdfWording) => PdfDocumentText,
  ): Promise<Buffer> {
    try {
      return await renderPdf(compose(await pdfWording(reader)));
    } catch (error) {
      if (reader.locale === ENGLISH_READER.locale) throw error;
      this.logger.warn(
        { err: error, locale: reader.locale },
        'a right-to-left PDF could not be laid out; sent in English',
      );
      return renderPdf(compose(await pdfWording(ENGLISH_READER)));
    }
  }
}
