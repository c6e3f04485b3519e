import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope } from '@jibs/events';
import { readMailbox, type StoredMail } from '@jibs/mailer';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { JANAZAH_GROUP } from './janazah.consumer';

const SET_PREFERENCES = `mutation($changes: [NotificationPreferenceChangeInput!]!) {
  setNotificationPreferences(changes: $changes) { kinds { kind email sms } }
}`;

describe('janazah notices: every member told once, by the channels they chose', () => {
  const { harness, envelope, publish, tokenFor, handledBy } = notificationsUnderTest({
    listen: true,
  });
  const noticeId = randomUUID();
  const published: EventData<'janazah.published'> = {
    noticeId,
    reportId: randomUUID(),
    userId: randomUUID(),
    deceasedName: 'Fatima Noor',
    prayerAt: '2026-12-04T18:30:00.000Z',
    timeZone: 'America/New_York',
    masjidName: 'Masjid Al-Noor',
    masjidAddress: '12 Main St, Springfield',
    burialPlace: 'Springfield Muslim Cemetery',
    note: 'After Dhuhr',
    visibility: 'members',
    publishedBy: randomUUID(),
  };

  const members: string[] = Array.from({ length: 1_000 }, () => randomUUID());
  /** Email off for janazah notices; SMS chosen (with a verified phone); both. */
  const noEmail = new Set(members.slice(0, 20));
  const withSms = new Set(members.slice(10, 40));
  const phoneOf = (userId: string) => `+1313555${String(members.indexOf(userId)).padStart(4, '0')}`;

  const mails = async (): Promise<StoredMail[]> => readMailbox(harness().mailbox);
  const emailsOf = (all: StoredMail[], userId: string) =>
    all.filter((mail) => mail.to === `${userId}@example.com` && mail.subject.includes('Janazah'));
  const textsOf = (all: StoredMail[], userId: string) =>
    all.filter((mail) => mail.to === phoneOf(userId));
  const bellsOf = async () =>
    new Map(
      (
        (await harness().dataSource.query(
          `SELECT user_id, count(*)::int AS n FROM notifications
            WHERE title LIKE 'Janazah%' AND user_id = ANY($1::uuid[]) GROUP BY user_id`,
          [members],
        )) as { user_id: string; n: number }[]
      ).map((row) => [row.user_id, row.n]),
    );

  const awaitHandled = async (events: EventEnvelope[]) => {
    for (const event of events) {
      await eventually(() => handledBy(event.id, JANAZAH_GROUP), {
        message: `${event.type} handled`,
        timeoutMs: 60_000,
      });
    }
  };
  /** Every delivery claimed, and every claimed email and text written (claimed comes first). */
  const memberEmails = new Set(members.map((userId) => `${userId}@example.com`));
  const memberPhones = new Set(members.map(phoneOf));
  // 2,000 emails and 60 texts for an update and a cancellation: on a loaded CI host the
  // sandbox's mailbox writes took over a minute once (2026-11-28), so two minutes.
  const awaitDrained = () =>
    eventually(
      async () => {
        if ((await harness().count('janazah_deliveries', 'sent_at IS NULL')) !== 0) return false;
        const owed = await harness().count('janazah_deliveries', "channel IN ('email', 'sms')");
        const written = (await mails()).filter(
          (mail) =>
            (memberEmails.has(mail.to) && mail.subject.includes('Janazah')) ||
            memberPhones.has(mail.to),
        ).length;
        return owed > 0 && written >= owed;
      },
      { message: 'deliveries sent', timeoutMs: 120_000 },
    );

  beforeAll(async () => {
    // The members, the SMS switch on, verified phones: as identity tells them.
    const registrations = members.map((userId) =>
      envelope(
        'user.registered',
        {
          userId,
          email: `${userId}@example.com`,
          firstName: 'Amina',
          lastName: 'R',
          role: 'member',
        },
        userId,
      ),
    );
    const phones = [...withSms].map((userId) =>
      envelope('user.verified_phone_changed', { userId, phone: phoneOf(userId) }, userId),
    );
    const settings = envelope(
      'settings.updated',
      { settings: { smsNotifications: true }, changed: ['smsNotifications'], updatedBy: null },
      'site',
    );
    await publish([...registrations, ...phones, settings]);
    await eventually(
      async () =>
        (await harness().count('recipients', 'user_id = ANY($1::uuid[])', [members])) ===
          members.length &&
        (await harness().count('verified_phones', 'user_id = ANY($1::uuid[])', [[...withSms]])) ===
          withSms.size &&
        (await harness().count('organisation', 'sms_notifications')) === 1,
      { message: 'members, phones and settings learned', timeoutMs: 60_000 },
    );
    // Their choices, through the API, as each member.
    for (const userId of new Set([...noEmail, ...withSms])) {
      const changes = [
        ...(noEmail.has(userId) ? [{ kind: 'janazah', channel: 'email', enabled: false }] : []),
        ...(withSms.has(userId) ? [{ kind: 'janazah', channel: 'sms', enabled: true }] : []),
      ];
      const body = await harness().gql(SET_PREFERENCES, { changes }, await tokenFor(userId));
      expect(body.errors).toBeUndefined();
    }
  }, 240_000);

  it('1,000 members: one bell each, one email each unless turned off, one SMS each who chose it; a redelivered or republished event sends nothing twice', async () => {
    const first = envelope('janazah.published', published, noticeId);
    // The same version published again under a new event id (a retrying publisher).
    const again = envelope('janazah.published', published, noticeId);
    await publish([first], 3);
    await publish([again]);
    await awaitHandled([first, again]);
    await awaitDrained();

    const bells = await bellsOf();
    expect(members.filter((userId) => bells.get(userId) !== 1)).toEqual([]);
    const all = await mails();
    const emailCounts = members.map((userId) => emailsOf(all, userId).length);
    expect(members.filter((userId, i) => emailCounts[i] !== (noEmail.has(userId) ? 0 : 1))).toEqual(
      [],
    );
    const textCounts = members.map((userId) => textsOf(all, userId).length);
    expect(members.filter((userId, i) => textCounts[i] !== (withSms.has(userId) ? 1 : 0))).toEqual(
      [],
    );

    // What one email says: both calendars, the map and calendar links, the invite, one-click unsubscribe.
    const [mail] = emailsOf(all, members[500]!) as (StoredMail & {
      headers?: Record<string, string>;
      attachments?: { filename: string; contentType: string; content: string }[];
    })[];
    expect(mail!.subject).toBe('JIBS: Janazah: Fatima Noor');
    expect(mail!.text).toContain('Friday, December 4, 2026');
    expect(mail!.text).toMatch(/AH\)/);
    expect(mail!.text).toContain('https://www.openstreetmap.org/search?query=12%20Main%20St');
    expect(mail!.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:8080\/unsubscribe\?token=/,
    );
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]!.filename).toBe('janazah.ics');
    expect(mail!.attachments![0]!.content).toContain(`UID:${noticeId}@jibs`);
    expect(mail!.attachments![0]!.content).toContain('METHOD:PUBLISH');
    expect(mail!.attachments![0]!.content).toContain('SEQUENCE:0');
    const [text] = textsOf(all, [...withSms][0]!);
    expect(text!.text).toContain('Janazah for Fatima Noor');
    expect(text!.text).toMatch(/AH\)/);
  }, 240_000);

  it('an update and a cancellation tell everyone again, the invite raised and then cancelled', async () => {
    const updated = envelope(
      'janazah.updated',
      {
        ...(({ publishedBy: _p, ...rest }) => rest)(published),
        masjidName: 'Masjid Al-Huda',
        sequence: 1,
        updatedBy: randomUUID(),
      },
      noticeId,
    );
    const cancelled = envelope(
      'janazah.cancelled',
      {
        noticeId,
        reportId: published.reportId,
        userId: published.userId,
        deceasedName: published.deceasedName,
        prayerAt: published.prayerAt,
        timeZone: published.timeZone,
        reason: 'The family moved the prayer to another city.',
        sequence: 2,
        cancelledBy: randomUUID(),
      },
      noticeId,
    );
    await publish([updated, cancelled], 2);
    await awaitHandled([updated, cancelled]);
    await awaitDrained();
    const bells = await bellsOf();
    expect(members.filter((userId) => bells.get(userId) !== 3)).toEqual([]);
    const member = members[700]!;
    const emails = emailsOf(await mails(), member) as (StoredMail & {
      attachments: { content: string }[];
    })[];
    expect(emails.map((mail) => mail.subject).sort()).toEqual([
      'JIBS: Janazah cancelled: Fatima Noor',
      'JIBS: Janazah changed: Fatima Noor',
      'JIBS: Janazah: Fatima Noor',
    ]);
    const cancellation = emails.find((mail) => mail.subject.includes('cancelled'))!;
    expect(cancellation.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(cancellation.attachments[0]!.content).toContain('SEQUENCE:2');
    expect(cancellation.text).toContain('The family moved the prayer to another city.');
    const change = emails.find((mail) => mail.subject.includes('changed'))!;
    expect(change.attachments[0]!.content).toContain('SEQUENCE:1');
    expect(change.text).toContain('Masjid Al-Huda');
  }, 240_000);
});
