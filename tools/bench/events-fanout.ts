import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { readMailbox } from '@jibs/mailer';
import { publishTestEvents } from '@jibs/stack';
import { knob, SMOKE, startBenchStack } from './bench-support';

/**
 * `npm run bench:fanout`: one community-wide fan-out through the real bus, on the embedded
 * stack. MEMBERS members are announced by identity (`user.registered` through its test-only
 * route, so notifications and billing learn their names and addresses), then billing publishes a
 * `payment.completed` for each of them at once through its own test-only route (a month's renewals,
 * 500 per transaction): notifications stores an
 * in-app notification for each and hands one receipt per payment to the mail transport. Prints
 * when the last in-app notification was stored and the last receipt handed over, and checks
 * that no member got a receipt twice. Then cases publishes one janazah notice (its test-only
 * route) and notifications tells every member: prints when the last bell notification was
 * stored and the last email and text handed to their transports, and checks each member was
 * told once.
 */
const MEMBERS = knob('BENCH_MEMBERS', 5_000, 20);
const TIMEOUT_MS = knob('BENCH_TIMEOUT_MS', 120_000, 60_000);
const CHUNK = 500;

async function waitFor(label: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const { stack, stop } = await startBenchStack();
  const notificationsDb = new Client({ connectionString: stack.databaseUrl('notifications') });
  await notificationsDb.connect();
  try {
    const members = Array.from({ length: MEMBERS }, (_, i) => ({
      userId: randomUUID(),
      email: `fanout.${i}.${Date.now()}@example.com`,
    }));
    const ids = members.map((member) => member.userId);
    const count = async (sql: string): Promise<number> =>
      (await notificationsDb.query<{ n: number }>(sql, [ids])).rows[0].n;

    const seedStart = Date.now();
    const identity = stack.service('identity');
    for (let i = 0; i < members.length; i += CHUNK) {
      await publishTestEvents(
        identity,
        members.slice(i, i + CHUNK).map((member, j) => ({
          type: 'user.registered',
          data: {
            userId: member.userId,
            email: member.email,
            firstName: `Member${i + j}`,
            lastName: 'Fanout',
            role: 'member',
          },
          subject: member.userId,
        })),
      );
    }
    await waitFor('the members to be known', async () => {
      const known = await count(
        'SELECT count(*)::int AS n FROM recipients WHERE user_id = ANY($1::uuid[])',
      );
      return known === MEMBERS;
    });
    const seedSeconds = (Date.now() - seedStart) / 1000;

    // Billing publishes the renewals itself, CHUNK per transaction as its batch job would.
    const start = Date.now();
    const billing = stack.service('billing');
    const renewals = members.map((member) => ({
      type: 'payment.completed' as const,
      data: {
        paymentId: randomUUID(),
        userId: member.userId,
        amount: 2500,
        currency: 'USD',
        type: 'membership' as const,
        description: 'Monthly dues',
        providerPaymentId: null,
      },
      subject: member.userId,
    }));
    for (let i = 0; i < renewals.length; i += CHUNK) {
      await publishTestEvents(billing, renewals.slice(i, i + CHUNK));
    }
    const committedSeconds = (Date.now() - start) / 1000;
    await waitFor('every in-app notification', async () => {
      const stored = await count(
        `SELECT count(*)::int AS n FROM notifications
          WHERE title = 'Payment received' AND user_id = ANY($1::uuid[])`,
      );
      return stored === MEMBERS;
    });
    const { rows } = await notificationsDb.query<{ last: Date }>(
      `SELECT max(created_at) AS last FROM notifications
        WHERE title = 'Payment received' AND user_id = ANY($1::uuid[])`,
      [ids],
    );
    const lastInApp = (rows[0].last.getTime() - start) / 1000;
    const eventlog = new Client({ connectionString: stack.databaseUrl('eventlog') });
    await eventlog.connect();
    const appended = await eventlog
      .query<{ last: Date }>(
        `SELECT max(appended_at) AS last FROM event_log
          WHERE topic = 'payment.completed' AND key = ANY($1::text[])`,
        [ids],
      )
      .finally(() => eventlog.end());
    const lastAppended = (appended.rows[0].last.getTime() - start) / 1000;
    await waitFor('every receipt handed to the mail transport', async () => {
      const sent = await count(
        'SELECT count(*)::int AS n FROM receipts WHERE sent_at IS NOT NULL AND user_id = ANY($1::uuid[])',
      );
      return sent === MEMBERS;
    });
    const lastReceipt = (Date.now() - start) / 1000;
    const addresses = new Set(members.map((member) => member.email));
    const delivered = async () =>
      (await readMailbox(stack.mailboxDir)).filter((mail) => addresses.has(mail.to));
    // A receipt is marked sent as its mail is handed over; the mailbox file lands a moment later.
    let mails = await delivered();
    for (const deadline = Date.now() + 10_000; mails.length < MEMBERS && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      mails = await delivered();
    }
    const perMember = new Map<string, number>();
    for (const mail of mails) perMember.set(mail.to, (perMember.get(mail.to) ?? 0) + 1);
    const twice = [...perMember.values()].filter((n) => n > 1).length;
    const line =
      `fanout: ${MEMBERS} members (seeded in ${seedSeconds.toFixed(1)} s); ${MEMBERS} payment.completed committed in ${committedSeconds.toFixed(1)} s; ` +
      `last appended to the event log at ${lastAppended.toFixed(1)} s; last in-app notification stored at ${lastInApp.toFixed(1)} s${SMOKE ? '' : ` (target < 10 s: ${lastInApp < 10 ? 'met' : 'NOT met'})`}; ` +
      `receipts handed to the mail transport: ${mails.length}/${MEMBERS}, the last by ${lastReceipt.toFixed(1)} s (polled); members with a receipt twice: ${twice}`;
    process.stdout.write(
      `${line}\n\nSummary (${new Date().toISOString()}, ${cpus().length} cores, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}):\n${line}\n`,
    );
    if (twice > 0 || mails.length !== MEMBERS) process.exitCode = 1;

    const janazah = await janazahFanOut(stack, notificationsDb, members);
    process.stdout.write(`${janazah.line}\n`);
    if (!janazah.ok) process.exitCode = 1;
  } finally {
    await notificationsDb.end();
    await stop();
  }
}

/**
 * One janazah notice to every member: one event, a set-based fan-out in notifications, then the
 * batched sender. Times are from the publish to the last bell row stored and the last email and
 * text written by the transports (the local mailbox stamps each as it is handed over). Every
 * member keeps email; one in SMS_EVERY has a verified phone and chose texts for janazah notices
 * (identity's events for the phones and the site's SMS switch; the choices written straight into
 * notifications' table, as GraphQL would store them, to seed thousands quickly).
 */
const SMS_EVERY = 5;

async function seedTextChoosers(
  stack: Awaited<ReturnType<typeof startBenchStack>>['stack'],
  notificationsDb: Client,
  members: { userId: string; email: string }[],
): Promise<{ userId: string; phone: string }[]> {
  const choosers = members
    .filter((_, i) => i % SMS_EVERY === 0)
    .map((member, i) => ({
      userId: member.userId,
      phone: `+1313${String(5_000_000 + i).padStart(7, '0')}`,
    }));
  const identity = stack.service('identity');
  await publishTestEvents(identity, [
    {
      type: 'settings.updated',
      data: {
        settings: { smsNotifications: true },
        changed: ['smsNotifications'],
        updatedBy: null,
      },
      subject: 'site',
    },
  ]);
  for (let i = 0; i < choosers.length; i += CHUNK) {
    await publishTestEvents(
      identity,
      choosers.slice(i, i + CHUNK).map((chooser) => ({
        type: 'user.verified_phone_changed' as const,
        data: { userId: chooser.userId, phone: chooser.phone },
        subject: chooser.userId,
      })),
    );
  }
  await notificationsDb.query(
    `INSERT INTO notification_preferences (user_id, kind, email, sms)
     SELECT unnest($1::uuid[]), 'janazah', true, true
     ON CONFLICT (user_id, kind) DO UPDATE SET sms = true`,
    [choosers.map((chooser) => chooser.userId)],
  );
  await waitFor('the verified phones and the SMS switch', async () => {
    const { rows } = await notificationsDb.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM verified_phones WHERE user_id = ANY($1::uuid[])',
      [choosers.map((chooser) => chooser.userId)],
    );
    const site = await notificationsDb.query<{ on: boolean }>(
      'SELECT sms_notifications AS on FROM organisation LIMIT 1',
    );
    return rows[0].n === choosers.length && site.rows[0]?.on === true;
  });
  return choosers;
}
async function janazahFanOut(
  stack: Awaited<ReturnType<typeof startBenchStack>>['stack'],
  notificationsDb: Client,
  members: { userId: string; email: string }[],
): Promise<{ line: string; ok: boolean }> {
  const noticeId = randomUUID();
  const deceasedName = `Bench Notice ${noticeId.slice(0, 8)}`;
  const ids = members.map((member) => member.userId);
  const choosers = await seedTextChoosers(stack, notificationsDb, members);
  const phones = new Set(choosers.map((chooser) => chooser.phone));
  const start = Date.now();
  await publishTestEvents(stack.service('cases'), [
    {
      type: 'janazah.published',
      subject: noticeId,
      data: {
        noticeId,
        reportId: randomUUID(),
        userId: randomUUID(),
        deceasedName,
        prayerAt: new Date(Date.now() + 86_400_000).toISOString(),
        timeZone: 'America/New_York',
        masjidName: 'Masjid Al-Noor',
        masjidAddress: '12 Main St, Springfield',
        burialPlace: 'Springfield Muslim Cemetery',
        note: null,
        visibility: 'members',
        publishedBy: randomUUID(),
      },
    },
  ]);
  const title = `Janazah: ${deceasedName}`;
  const bells = async () =>
    (
      await notificationsDb.query<{ n: number; last: Date | null }>(
        `SELECT count(*)::int AS n, max(created_at) AS last FROM notifications
          WHERE title = $2 AND user_id = ANY($1::uuid[])`,
        [ids, title],
      )
    ).rows[0];
  await waitFor('every janazah bell notification', async () => (await bells()).n >= MEMBERS);
  const bell = await bells();
  const lastBell = (bell.last!.getTime() - start) / 1000;
  const addresses = new Set(members.map((member) => member.email));
  const told = async () =>
    (await readMailbox(stack.mailboxDir)).filter(
      (mail) => (mail.subject.endsWith(title) && addresses.has(mail.to)) || phones.has(mail.to),
    );
  let mails = await told();
  await waitFor('every janazah email handed to the mail transport', async () => {
    mails = await told();
    return (
      mails.filter((mail) => addresses.has(mail.to)).length >= MEMBERS &&
      mails.filter((mail) => phones.has(mail.to)).length >= choosers.length
    );
  });
  const emails = mails.filter((mail) => addresses.has(mail.to));
  const texts = mails.filter((mail) => !addresses.has(mail.to));
  const lastOf = (list: typeof mails) =>
    list.length
      ? `${((Math.max(...list.map((mail) => Date.parse(mail.sentAt))) - start) / 1000).toFixed(1)} s`
      : 'none';
  const perMember = new Map<string, number>();
  for (const mail of emails) perMember.set(mail.to, (perMember.get(mail.to) ?? 0) + 1);
  const twice = [...perMember.values()].filter((n) => n > 1).length;
  const textsPerPhone = new Map<string, number>();
  for (const text of texts) textsPerPhone.set(text.to, (textsPerPhone.get(text.to) ?? 0) + 1);
  const textedTwice = [...textsPerPhone.values()].filter((n) => n > 1).length;
  return {
    line:
      `janazah fan-out: 1 notice to ${MEMBERS} members; last bell notification stored at ${lastBell.toFixed(1)} s (${bell.n}/${MEMBERS}); ` +
      `last email handed to the mail transport at ${lastOf(emails)} (${emails.length}/${MEMBERS}, with the .ics); ` +
      `last SMS handed to the SMS transport at ${lastOf(texts)} (${texts.length}/${choosers.length} members who chose texts); members emailed twice: ${twice}, texted twice: ${textedTwice}`,
    ok:
      bell.n === MEMBERS &&
      emails.length === MEMBERS &&
      texts.length === choosers.length &&
      twice === 0 &&
      textedTwice === 0,
  };
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
