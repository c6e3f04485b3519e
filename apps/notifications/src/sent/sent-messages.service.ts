import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { DomainError } from '@jibs/domain';
import { janazahNotificationText, type JanazahNotice } from '../janazah/janazah-messages';
// The admins' list is in English (the API's language; an admin has no language of their own).
import { ENGLISH } from '../languages/member-languages';
import { DeliveryStatus, MessageChannel } from './sent-messages.model';

export const SENT_PAGE_DEFAULT = 25;
export const SENT_PAGE_MAX = 100;

export const SentMessagesMessages = {
  memberId: 'Member id must be a valid id',
  first: `Ask for 1 to ${SENT_PAGE_MAX} messages at a time`,
  after: 'The page cursor is not valid; start from the first page',
} as const;

export interface SentMessageRow {
  id: string;
  channel: MessageChannel;
  kind: string;
  user_id: string | null;
  to_address: string | null;
  subject: string;
  status: DeliveryStatus;
  created_at: Date;
  sent_at: Date | null;
  /** created_at in microseconds since 1970, for the cursor. */
  at: string;
  /** A janazah email or text: the notice it told of (its subject is the bell's title). */
  notice?: JanazahNotice | null;
}

/** The cursor's time: microseconds since 1970 (all of them, so no row between pages is lost). */
const cursorSchema = z.object({
  at: z.string().regex(/^\d{1,17}$/),
  id: z.string().min(1).max(200),
});

function decodeCursor(value: string): { at: string; id: string } {
  try {
    const parsed = cursorSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    if (parsed.success) return parsed.data;
  } catch {
    // the bad input below
  }
  throw DomainError.badInput({ after: SentMessagesMessages.after });
}

const encodeCursor = (row: SentMessageRow) =>
  Buffer.from(JSON.stringify({ at: row.at, id: row.id })).toString('base64url');

/**
 * Everything notifications sent, as one list: in-app notifications (delivered or read),
 * emailed receipts, review or alert emails, and janazah emails and texts (pending until handed
 * to the transport, then sent; a janazah bell is one of the notifications). Ids are prefixed by
 * their table so they stay unique across the four.
 */
const SENT = `(
  SELECT 'n:' || n.id::text AS id, 'in_app' AS channel, 'notification' AS kind, n.user_id,
         NULL::varchar AS to_address, n.title::varchar AS subject,
         CASE WHEN n.read THEN 'read' ELSE 'delivered' END AS status,
         n.created_at, n.created_at AS sent_at, NULL::jsonb AS notice
    FROM notifications n
  UNION ALL
  SELECT 'r:' || r.payment_id::text, 'email', 'receipt', r.user_id, NULL,
         ('Receipt: ' || to_char(r.amount / 100.0, 'FM999,999,990.00') || ' ' || upper(r.currency))::varchar,
         CASE WHEN r.sent_at IS NULL THEN 'pending' ELSE 'sent' END, r.created_at, r.sent_at, NULL
    FROM receipts r
  UNION ALL
  SELECT 'm:' || m.id::text, 'email',
         CASE WHEN m.recipient_user_id IS NULL THEN 'admin alert' ELSE 'member email' END,
         m.recipient_user_id, m.to_address, m.subject,
         CASE WHEN m.sent_at IS NULL THEN 'pending' ELSE 'sent' END, m.created_at, m.sent_at, NULL
    FROM outgoing_mail m
  UNION ALL
  SELECT 'j:' || d.id::text, d.channel, 'janazah notice', d.user_id, NULL, '',
         CASE WHEN d.sent_at IS NULL THEN 'pending' ELSE 'sent' END, d.created_at, d.sent_at,
         v.notice
    FROM janazah_deliveries d
    JOIN janazah_notice_versions v USING (notice_id, sequence, change)
   WHERE d.channel IN ('email', 'sms')
) AS s`;

@Injectable()
export class SentMessagesService {
  constructor(private readonly dataSource: DataSource) {}

  async page(
    filter:
      | {
          channel?: MessageChannel | null;
          memberId?: string | null;
          status?: DeliveryStatus | null;
        }
      | null
      | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<{ rows: SentMessageRow[]; endCursor: string | null; hasNextPage: boolean }> {
    const size = first ?? SENT_PAGE_DEFAULT;
    if (!Number.isInteger(size) || size < 1 || size > SENT_PAGE_MAX) {
      throw DomainError.badInput({ first: SentMessagesMessages.first });
    }
    if (filter?.memberId && !z.uuid().safeParse(filter.memberId).success) {
      throw DomainError.badInput({ memberId: SentMessagesMessages.memberId });
    }
    const cursor = after ? decodeCursor(after) : null;
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter?.channel) where.push(`s.channel = ${param(filter.channel)}`);
    if (filter?.memberId) where.push(`s.user_id = ${param(filter.memberId)}::uuid`);
    if (filter?.status) where.push(`s.status = ${param(filter.status)}`);
    if (cursor) {
      where.push(
        `((extract(epoch FROM s.created_at) * 1000000)::bigint, s.id) < (${param(cursor.at)}::bigint, ${param(cursor.id)})`,
      );
    }
    const found: SentMessageRow[] = await this.dataSource.query(
      `SELECT s.*, (extract(epoch FROM s.created_at) * 1000000)::bigint::text AS at FROM ${SENT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${param(size + 1)}`,
      params,
    );
    const rows = found
      .slice(0, size)
      .map((row) =>
        row.notice ? { ...row, subject: janazahNotificationText(row.notice, ENGLISH).title } : row,
      );
    const hasNextPage = found.length > size;
    return {
      rows,
      hasNextPage,
      endCursor: hasNextPage ? encodeCursor(rows[rows.length - 1]!) : null,
    };
  }

  async stats(): Promise<{
    inApp: number;
    inAppUnread: number;
    emailsSent: number;
    emailsPending: number;
    sms: number;
  }> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM notifications)::int AS "inApp",
              (SELECT count(*) FROM notifications WHERE NOT read)::int AS "inAppUnread",
              ((SELECT count(*) FROM receipts WHERE sent_at IS NOT NULL)
                + (SELECT count(*) FROM outgoing_mail WHERE sent_at IS NOT NULL)
                + (SELECT count(*) FROM janazah_deliveries
                    WHERE channel = 'email' AND sent_at IS NOT NULL))::int AS "emailsSent",
              ((SELECT count(*) FROM receipts WHERE sent_at IS NULL)
                + (SELECT count(*) FROM outgoing_mail WHERE sent_at IS NULL)
                + (SELECT count(*) FROM janazah_deliveries
                    WHERE channel = 'email' AND sent_at IS NULL))::int AS "emailsPending",
              (SELECT count(*) FROM janazah_deliveries
                WHERE channel = 'sms' AND sent_at IS NOT NULL)::int AS "sms"`,
    );
    return row;
  }
}
