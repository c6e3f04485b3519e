import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import { DEFAULT_SETTINGS, DomainError, isUuid, PaymentStatus, Role, todayUtc } from '@jibs/domain';
import { MemberEntity } from '../membership/member.entity';
import { OfflinePaymentEntity } from '../offline-payments/offline-payment.entity';
import { PaymentEntity } from '../payments/payment.entity';
import { renderPdf } from './statement-pdf';

export const StatementMessages = {
  receiptNotFound: 'No receipt for this payment',
  memberNotFound: 'Member not found',
  yearInvalid: (latest: number) => `Choose a year from 2000 to ${latest}`,
} as const;

const METHOD_WORDS: Record<string, string> = { cash: 'cash', check: 'check' };

export interface PdfFile {
  fileName: string;
  body: Buffer;
}

const nameOf = (member: MemberEntity | null): string =>
  member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || 'Member' : 'Member';

const counted = (payment: PaymentEntity): boolean =>
  payment.status === PaymentStatus.COMPLETED && payment.flagReason === null;

/**
 * Members' receipts and yearly contribution statements, rendered on the server from the
 * counted payments. A member gets only their own (another's answers as a missing one); an admin
 * any member's.
 */
@Injectable()
export class StatementsService {
  constructor(private readonly dataSource: DataSource) {}

  async receipt(caller: AuthUser, paymentId: string): Promise<PdfFile> {
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
    const body = await renderPdf({
      title: 'Payment receipt',
      organisation: DEFAULT_SETTINGS.siteName,
      facts: [
        ['Member', nameOf(member)],
        ['Receipt for payment', payment.id],
        ['Date', date],
        [
          'Paid',
          offline ? `in person (${METHOD_WORDS[offline.method] ?? offline.method})` : 'online',
        ],
        ...(payment.providerPaymentId && !offline
          ? ([['Payment ID', payment.providerPaymentId]] as [string, string][])
          : []),
      ],
      rows: [{ date, description: payment.description ?? payment.type, amount: payment.amount }],
      total: payment.amount,
      footer: `Thank you. This receipt was issued by ${DEFAULT_SETTINGS.siteName} for a payment it received; amounts in ${payment.currency.toUpperCase()}.`,
    });
    return { fileName: `receipt-${date}-${payment.id.slice(0, 8)}.pdf`, body };
  }

  async contributions(
    caller: AuthUser,
    yearText: string,
    forUserId: string | undefined,
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
    const rows = payments.map((payment) => ({
      date: payment.paid_on ?? '',
      description: payment.description ?? payment.type,
      amount: payment.amount,
    }));
    const body = await renderPdf({
      title: `Contributions statement ${year}`,
      organisation: DEFAULT_SETTINGS.siteName,
      facts: [
        ['Member', nameOf(member)],
        ['Period', `1 January ${year} to 31 December ${year}`],
        ['Payments', String(rows.length)],
      ],
      rows,
      total: rows.reduce((sum, row) => sum + row.amount, 0),
      footer: `Every payment ${DEFAULT_SETTINGS.siteName} received from this member in ${year} (registration fees, monthly dues, household member fees, payments made in person). Payments not counted and refunded are not included.`,
    });
    return { fileName: `contributions-${year}.pdf`, body };
  }
}
