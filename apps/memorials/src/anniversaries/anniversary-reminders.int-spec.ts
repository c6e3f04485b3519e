import type { INestApplication } from '@nestjs/common';
import {
  AnniversaryMessages,
  dueAnniversary,
  hijriDateParts,
  type AnniversaryCalendar,
} from '@jibs/domain';
import { DataSource } from 'typeorm';
import { Jobs } from '@jibs/jobs';
import { eventually } from '@jibs/testing';
import { memorialsService } from '../memorials.module';
import { MemorialsHarness, outcome, type Caller } from '../testing/memorials-harness';
import { AnniversaryRemindersService, todayUtc } from './anniversary-reminders.service';
import { ANNIVERSARY_JOB } from './anniversary-scheduler';

jest.setTimeout(120_000);

const harness = new MemorialsHarness();

const SET = `mutation($input: AnniversaryReminderInput!) {
  setAnniversaryReminder(input: $input) { memorialId reminders { calendar enabled nextDate } }
}`;
const MINE = `query($m: ID!) {
  myAnniversaryReminders(memorialId: $m) { memorialId reminders { calendar enabled nextDate } }
}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const today = todayUtc();
const tomorrow = addDays(today, 1);
/** A death four Gregorian years before tomorrow: its Gregorian reminder is due today. */
const gregorianDeath = `${Number(tomorrow.slice(0, 4)) - 4}${tomorrow.slice(4)}`;
/** A death some Hijri years before tomorrow with tomorrow's Hijri day and month. */
const hijriDeath = ((): string => {
  const target = hijriDateParts(tomorrow);
  // Three Hijri years back, or more when tomorrow is a 30th its month lacked that year.
  for (let back = 1000; back < 4000; back += 1) {
    const date = addDays(tomorrow, -back);
    const parts = hijriDateParts(date);
    if (parts.month === target.month && parts.day === target.day) return date;
  }
  throw new Error(`no Hijri date like ${tomorrow}`);
})();

async function reminderRows(memorialId: string): Promise<number> {
  return harness.count('anniversary_reminders', 'memorial_id = $1', [memorialId]);
}

async function dueEvents(): Promise<
  { memorialId: string; userId: string; calendar: string; anniversaryDate: string; year: number }[]
> {
  const rows: { envelope: { data: never } }[] = await harness.dataSource.query(
    "SELECT envelope FROM outbox WHERE topic = 'memorial.anniversary_due'",
  );
  return rows.map((row) => row.envelope.data);
}

/** Whether a query of memorials waits on a row lock (the test's held reminder key). */
async function waitingOnLock(): Promise<boolean> {
  const [row] = await harness.dataSource.query(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return row.n > 0;
}

/** One more replica of memorials on the harness's databases, not listening. */
async function anotherReplica(): Promise<INestApplication> {
  const { app } = await memorialsService.createApp(harness.events.config);
  await app.init();
  return app;
}

beforeAll(() => harness.start());
afterAll(() => harness.stop());

describe('anniversary reminders: who may turn them on', () => {
  let creator: Caller;
  let viewer: Caller;
  let stranger: Caller;
  let memorialId: string;
  let publicId: string;

  beforeAll(async () => {
    creator = await harness.member();
    viewer = await harness.member();
    stranger = await harness.member();
    memorialId = await harness.createMemorial(creator, { deathDate: gregorianDeath });
    publicId = await harness.createMemorial(creator, {
      deathDate: gregorianDeath,
      privacyLevel: 'PUBLIC',
    });
    await harness.connect(creator, memorialId, viewer, false);
  });

  it('lets the creator and a connected family member turn each calendar on and off', async () => {
    const on = await harness.ok(creator, SET, {
      input: { memorialId, calendar: 'hijri', enabled: true },
    });
    expect(on.setAnniversaryReminder.reminders).toEqual([
      { calendar: 'HIJRI', enabled: true, nextDate: expect.any(String) },
      { calendar: 'GREGORIAN', enabled: false, nextDate: tomorrow },
    ]);
    await harness.ok(viewer, SET, { input: { memorialId, calendar: 'gregorian', enabled: true } });
    await harness.ok(viewer, SET, { input: { memorialId, calendar: 'hijri', enabled: true } });
    // Turning one on twice keeps one row.
    await harness.ok(viewer, SET, { input: { memorialId, calendar: 'hijri', enabled: true } });
    expect(await reminderRows(memorialId)).toBe(3);
    await harness.ok(viewer, SET, { input: { memorialId, calendar: 'hijri', enabled: false } });
    const mine = await harness.ok(viewer, MINE, { m: memorialId });
    expect(
      mine.myAnniversaryReminders.reminders.map((r: { enabled: boolean }) => r.enabled),
    ).toEqual([false, true]);
    expect(await reminderRows(memorialId)).toBe(2);
  });

  it("refuses another member's memorial, a stranger on a public one and a visitor, writing nothing", async () => {
    const before = await harness.count('anniversary_reminders');
    const input = (m: string) => ({ input: { memorialId: m, calendar: 'hijri', enabled: true } });
    expect(outcome(await harness.gql(stranger, SET, input(memorialId)))).toBe('NOT_FOUND');
    expect(outcome(await harness.gql(stranger, SET, input(publicId)))).toBe('FORBIDDEN');
    expect(outcome(await harness.gql(stranger, MINE, { m: memorialId }))).toBe('NOT_FOUND');
    expect(outcome(await harness.gql(harness.visitor, SET, input(publicId)))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await harness.count('anniversary_reminders')).toBe(before);
  });

  it('refuses an unknown calendar and a memorial without a date of death, writing nothing', async () => {
    const before = await harness.count('anniversary_reminders');
    const unknown = await harness.gql(creator, SET, {
      input: { memorialId, calendar: 'lunar', enabled: true },
    });
    expect(unknown.errors?.[0]).toMatchObject({
      message: AnniversaryMessages.unknownCalendar,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const undated = await harness.createMemorial(creator);
    const noDeath = await harness.gql(creator, SET, {
      input: { memorialId: undated, calendar: 'gregorian', enabled: true },
    });
    expect(noDeath.errors?.[0]).toMatchObject({
      message: AnniversaryMessages.noDeathDate,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(outcome(await harness.gql(creator, MINE, { m: undated }))).toBe('BAD_USER_INPUT');
    expect(await harness.count('anniversary_reminders')).toBe(before);
  });
});

describe('anniversary reminders: sent once, across replicas and a restart', () => {
  it('sends each due reminder once with two replicas and a replica stopped mid-run', async () => {
    await harness.dataSource.query('DELETE FROM anniversary_reminders');
    const creator = await harness.member();
    const family = await Promise.all(Array.from({ length: 12 }, () => harness.member()));
    const gregorian = await harness.createMemorial(creator, { deathDate: gregorianDeath });
    const hijri = await harness.createMemorial(creator, { deathDate: hijriDeath });
    const deaths: Record<string, string> = { [gregorian]: gregorianDeath, [hijri]: hijriDeath };
    const expected = new Set<string>();
    for (const memorialId of [gregorian, hijri]) {
      for (const member of [creator, ...family]) {
        if (member !== creator) await harness.connect(creator, memorialId, member, false);
        for (const calendar of ['hijri', 'gregorian'] as AnniversaryCalendar[]) {
          await harness.ok(member, SET, { input: { memorialId, calendar, enabled: true } });
          if (dueAnniversary(deaths[memorialId]!, calendar, today)) {
            expected.add(`${memorialId}/${member.id}/${calendar}`);
          }
        }
      }
    }
    // Both memorials' own calendar is due for all 13 members (and the other only by chance).
    expect(expected.size).toBeGreaterThanOrEqual(26);

    // A replica stopped mid-run: one reminder per transaction, stopped after three. The fourth
    // reminder's key is held in an open transaction, so the replica waits on it until its
    // shutdown has begun (a CI host once let the run finish before the stop reached it).
    const [fourth] = await harness.dataSource.query(
      `SELECT memorial_id, user_id, calendar FROM anniversary_reminders
        WHERE (memorial_id::text || '/' || user_id::text || '/' || calendar) = ANY($1)
        ORDER BY memorial_id, user_id, calendar OFFSET 3 LIMIT 1`,
      [[...expected]],
    );
    const fourthDue = dueAnniversary(deaths[fourth.memorial_id]!, fourth.calendar, today)!;
    const blocker = harness.dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(
      `INSERT INTO anniversary_reminders_sent (memorial_id, user_id, calendar, year, anniversary_date)
       VALUES ($1, $2, $3, $4, $5)`,
      [fourth.memorial_id, fourth.user_id, fourth.calendar, fourthDue.year, fourthDue.date],
    );
    const first = await anotherReplica();
    let closing: Promise<void> | undefined;
    try {
      const interrupted = first
        .get(AnniversaryRemindersService)
        .sendDue(today, { batchSize: 1 })
        .then(
          () => 'finished',
          () => 'stopped',
        );
      await eventually(async () => (await dueEvents()).length === 3 && (await waitingOnLock()), {
        message: 'three sent, the fourth waiting',
      });
      closing = first.close();
      const pool = (first.get(DataSource).driver as unknown as { master: { ending: boolean } })
        .master;
      await eventually(async () => pool.ending, { message: "the replica's shutdown begun" });
      await blocker.rollbackTransaction();
      await closing;
      expect(await interrupted).toBe('stopped');
    } finally {
      if (blocker.isTransactionActive) await blocker.rollbackTransaction();
      await blocker.release();
      if (!closing) await first.close();
    }
    const sentBefore = (await dueEvents()).length;
    expect(sentBefore).toBeLessThan(expected.size);

    // Restarted, beside the harness's replica: both run the job, and the sender directly too.
    const restarted = await anotherReplica();
    try {
      await Promise.all([
        harness.app.get(Jobs).runNow(ANNIVERSARY_JOB),
        restarted.get(Jobs).runNow(ANNIVERSARY_JOB),
        harness.app.get(AnniversaryRemindersService).sendDue(today),
        restarted.get(AnniversaryRemindersService).sendDue(today),
      ]);
      await eventually(
        async () => {
          const [row] = await harness.dataSource.query(
            "SELECT count(*)::int AS n FROM jobs.job WHERE name = $1 AND state = 'completed'",
            [ANNIVERSARY_JOB],
          );
          return row.n >= 1;
        },
        { timeoutMs: 30_000, message: 'the job run' },
      );
    } finally {
      await restarted.close();
    }
    const events = await dueEvents();
    const keys = events.map((e) => `${e.memorialId}/${e.userId}/${e.calendar}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(expected);
    for (const event of events) {
      const due = dueAnniversary(
        deaths[event.memorialId]!,
        event.calendar as AnniversaryCalendar,
        today,
      );
      expect(event).toMatchObject({ anniversaryDate: due?.date, year: due?.year });
    }
    expect(await harness.count('anniversary_reminders_sent')).toBe(expected.size);
    // The next hour's run finds them sent.
    expect(await harness.app.get(AnniversaryRemindersService).sendDue(today)).toBe(0);
  });
});

describe('jobs moved off in-process timers', () => {
  it('declares the recurring jobs once in the schedule, and runs one asked of two replicas once', async () => {
    const schedules: { name: string }[] = await harness.dataSource.query(
      'SELECT name FROM jobs.schedule ORDER BY name',
    );
    expect(schedules.map((s) => s.name)).toEqual([
      'bus.prune-event-log',
      'memorials.anniversary-reminders',
      'uploads.sweep-incoming',
    ]);
    const other = await anotherReplica();
    try {
      const sent = await Promise.all([
        harness.app.get(Jobs).runNow('uploads.sweep-incoming'),
        other.get(Jobs).runNow('uploads.sweep-incoming'),
      ]);
      expect(sent.filter(Boolean)).toHaveLength(1);
      const id = sent.find(Boolean)!;
      await eventually(
        async () =>
          (await harness.app.get(Jobs).state('uploads.sweep-incoming', id)) === 'completed',
        { timeoutMs: 20_000, message: 'the sweep' },
      );
      const [row] = await harness.dataSource.query(
        "SELECT count(*)::int AS n FROM jobs.job WHERE name = 'uploads.sweep-incoming'",
      );
      expect(row.n).toBe(1);
    } finally {
      await other.close();
    }
  });
});
