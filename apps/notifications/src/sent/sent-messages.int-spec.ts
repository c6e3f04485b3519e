import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { SentMessagesMessages } from './sent-messages.service';

const SENT = `query($filter: SentMessageFilter, $first: Int, $after: String) {
  sentMessages(filter: $filter, first: $first, after: $after) {
    entries { id channel kind member { id } toAddress subject status createdAt sentAt }
    endCursor hasNextPage
  }
}`;
const STATS = '{ sentMessageStats { inApp inAppUnread emailsSent emailsPending sms } }';

describe('what notifications sent (admin)', () => {
  const { harness, gql, tokenFor, anAdmin } = notificationsUnderTest({ listen: true });
  let dataSource: DataSource;

  beforeAll(() => {
    dataSource = harness().dataSource;
  });

  /** One of each kind for a new member, at increasing times (seconds apart). */
  async function sentTo(userId: string, base: Date) {
    const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
    await dataSource.query(
      `INSERT INTO notifications (user_id, title, message, type, read, created_at)
       VALUES ($1, 'Payment Received', 'Thank you', 'success', false, $2),
              ($1, 'Welcome to JIBS', 'Salaam', 'info', true, $3)`,
      [userId, at(1), at(2)],
    );
    await dataSource.query(
      `INSERT INTO receipts (payment_id, user_id, amount, currency, payment_type, paid_at, sent_at, created_at)
       VALUES ($1, $2, 17500, 'usd', 'registration', $3, $3, $3),
              ($4, $2, 2500, 'usd', 'membership', $5, NULL, $5)`,
      [randomUUID(), userId, at(3), randomUUID(), at(4)],
    );
    await dataSource.query(
      `INSERT INTO outgoing_mail (event_id, kind, recipient_user_id, to_address, subject, body, created_at, sent_at)
       VALUES ($1, 'member:' || $2, $2::uuid, NULL, 'JIBS: Death Report Approved', 'x', $3, $3),
              ($4, 'address:admin@example.com', NULL, 'admin@example.com', 'New death report', 'x', $5, NULL)`,
      [randomUUID(), userId, at(5), randomUUID(), at(6)],
    );
  }

  it('refuses anonymous callers and members', async () => {
    const member = await tokenFor(randomUUID(), 'member');
    for (const query of [SENT, STATS]) {
      const anonymous = await gql(query);
      expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect(anonymous.data ?? null).toBeNull();
      const asMember = await gql(query, {}, member);
      expect(asMember.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(asMember.data ?? null).toBeNull();
    }
  });

  it("lists a member's in-app notifications and emails newest first with their delivery status, a page at a time", async () => {
    const userId = randomUUID();
    await sentTo(userId, new Date('2026-05-01T10:00:00Z'));
    const admin = await anAdmin();
    const seen: { kind: string; channel: string; status: string; subject: string }[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const body = await gql(SENT, { filter: { memberId: userId }, first: 2, after }, admin);
      expect(body.errors).toBeUndefined();
      seen.push(...body.data.sentMessages.entries);
      after = body.data.sentMessages.endCursor;
      pages += 1;
    } while (after && pages < 5);
    expect(pages).toBe(3);
    expect(
      seen.map(({ channel, kind, status, subject }) => [channel, kind, status, subject]),
    ).toEqual([
      ['EMAIL', 'member email', 'SENT', 'JIBS: Death Report Approved'],
      ['EMAIL', 'receipt', 'PENDING', 'Receipt: 25.00 USD'],
      ['EMAIL', 'receipt', 'SENT', 'Receipt: 175.00 USD'],
      ['IN_APP', 'notification', 'READ', 'Welcome to JIBS'],
      ['IN_APP', 'notification', 'DELIVERED', 'Payment Received'],
    ]);
    expect(
      seen.every((entry) => (entry as unknown as { member: { id: string } }).member.id === userId),
    ).toBe(true);
  });

  it('filters by channel and status, shows an admin alert by its address, and counts', async () => {
    const before = (await gql(STATS, {}, await anAdmin())).data.sentMessageStats;
    const userId = randomUUID();
    await sentTo(userId, new Date());
    const admin = await anAdmin();
    const pending = await gql(
      SENT,
      { filter: { channel: 'EMAIL', status: 'PENDING' }, first: 100 },
      admin,
    );
    expect(pending.errors).toBeUndefined();
    const alert = pending.data.sentMessages.entries.find(
      (entry: { kind: string; subject: string }) =>
        entry.kind === 'admin alert' && entry.subject === 'New death report',
    );
    expect(alert).toMatchObject({ toAddress: 'admin@example.com', member: null, sentAt: null });
    expect(
      pending.data.sentMessages.entries.every(
        (entry: { channel: string; status: string }) =>
          entry.channel === 'EMAIL' && entry.status === 'PENDING',
      ),
    ).toBe(true);
    const sms = await gql(SENT, { filter: { channel: 'SMS', memberId: userId } }, admin);
    expect(sms.data.sentMessages.entries).toEqual([]);
    const after = (await gql(STATS, {}, admin)).data.sentMessageStats;
    expect(after).toEqual({
      inApp: before.inApp + 2,
      inAppUnread: before.inAppUnread + 1,
      emailsSent: before.emailsSent + 2,
      emailsPending: before.emailsPending + 2,
      sms: before.sms,
    });
  });

  it("lists a janazah notice's emails and texts by the notice's title (its bell is a notification), and counts the texts", async () => {
    const admin = await anAdmin();
    const before = (await gql(STATS, {}, admin)).data.sentMessageStats;
    const userId = randomUUID();
    const noticeId = randomUUID();
    const notice = {
      change: 'published',
      sequence: 0,
      noticeId,
      reportId: randomUUID(),
      userId: randomUUID(),
      deceasedName: 'Khadija Rahman',
      prayerAt: '2026-06-01T13:30:00.000Z',
      timeZone: 'America/Chicago',
      masjidName: 'Masjid An-Noor',
      masjidAddress: '1 Main St, Springfield',
      burialPlace: 'Garden of Peace',
      note: null,
      visibility: 'members',
    };
    await dataSource.query(
      `INSERT INTO janazah_notice_versions (notice_id, sequence, change, notice) VALUES ($1, 0, 'published', $2)`,
      [noticeId, JSON.stringify(notice)],
    );
    const base = new Date('2026-06-01T10:00:00Z').getTime();
    await dataSource.query(
      `INSERT INTO janazah_deliveries (notice_id, sequence, change, user_id, channel, created_at, sent_at)
       VALUES ($1, 0, 'published', $2, 'bell', $3, $3),
              ($1, 0, 'published', $2, 'email', $4, $4),
              ($1, 0, 'published', $2, 'sms', $5, NULL)`,
      [noticeId, userId, new Date(base), new Date(base + 1000), new Date(base + 2000)],
    );
    const body = await gql(SENT, { filter: { memberId: userId } }, admin);
    expect(body.errors).toBeUndefined();
    expect(
      body.data.sentMessages.entries.map(
        ({ channel, kind, status, subject }: Record<string, string>) => [
          channel,
          kind,
          status,
          subject,
        ],
      ),
    ).toEqual([
      ['SMS', 'janazah notice', 'PENDING', 'Janazah: Khadija Rahman'],
      ['EMAIL', 'janazah notice', 'SENT', 'Janazah: Khadija Rahman'],
    ]);
    await dataSource.query(
      `UPDATE janazah_deliveries SET sent_at = now() WHERE notice_id = $1 AND channel = 'sms'`,
      [noticeId],
    );
    const after = (await gql(STATS, {}, admin)).data.sentMessageStats;
    expect(after).toMatchObject({ emailsSent: before.emailsSent + 1, sms: before.sms + 1 });
  });

  it.each([
    [{ first: 0 }, 'first', SentMessagesMessages.first],
    [{ first: 101 }, 'first', SentMessagesMessages.first],
    [{ after: 'garbage' }, 'after', SentMessagesMessages.after],
    [
      { after: Buffer.from(JSON.stringify({ at: '2026-13-45', id: 'x' })).toString('base64url') },
      'after',
      SentMessagesMessages.after,
    ],
    [{ filter: { memberId: 'nope' } }, 'memberId', SentMessagesMessages.memberId],
  ])('refuses bad input %j with a specific message', async (variables, field, message) => {
    const body = await gql(SENT, variables, await anAdmin());
    expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toBe(message);
    expect(body.errors?.[0]?.extensions.fieldErrors).toEqual({ [field]: message });
  });
});
