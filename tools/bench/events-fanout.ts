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
 * that no member got a receipt twice.
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
  } finally {
    await notificationsDb.end();
    await stop();
  }
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
