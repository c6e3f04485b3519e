import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import { Client } from 'pg';
import WebSocket from 'ws';
import type { EventBus } from '@jibs/stack';
import {
  BackgroundLoad,
  backgroundLoadCount,
  describeError,
  knob,
  percentile,
  type LoadPhase,
  signUpBenchMember,
  SMOKE,
  startBenchStack,
  testEventProducer,
  type BenchMember,
} from './bench-support';

/**
 * `npm run bench:events`: latency from the producing commit (identity commits the event to its
 * outbox, asked through its test-only route) to its delivery on an open subscription through
 * the gateway, at a steady rate, on the embedded stack, once per event bus in BENCH_BUSES
 * (default both: 'postgres,kafka'), each on a stack of its own, the same rates on each. Path:
 * outbox -> relay -> bus (the Postgres event log or Kafka) -> notifications consumer ->
 * notification stored + NOTIFY -> subscription -> gateway WebSocket -> this client. After the
 * fixed rates it steps the rate up (doubling, BENCH_STEP_SECONDS a step, within
 * BENCH_STEP_BUDGET_S) until the backlog grows, and prints the buses side by side.
 *
 * `--load=N` (or `BENCH_LOAD=N`): each fixed rate runs twice, quiet and with N busy-loop
 * processes beside the stack (started and stopped by the bench, the order alternating from one
 * rate to the next); the step-up runs quiet. Before the first rate, BENCH_WARM_SECONDS (10; 0 in
 * the smoke mode) at that rate warm the stack up, printed but not measured.
 */
const BUSES = (process.env.BENCH_BUSES ?? 'postgres,kafka').split(',').map((bus): EventBus => {
  if (bus.trim() === 'postgres' || bus.trim() === 'kafka') return bus.trim() as EventBus;
  throw new Error(`BENCH_BUSES lists 'postgres' and/or 'kafka', not '${bus}'`);
});
const RATES = (process.env.BENCH_RATES ?? (SMOKE ? '5' : '20,200')).split(',').map(Number);
const SECONDS = knob('BENCH_SECONDS', 10, 2);
const USERS = knob('BENCH_USERS', 20, 2);
/** The step-up after the fixed rates: BENCH_STEP_UP=0 skips it; never in the smoke mode. */
const STEP_UP = !SMOKE && process.env.BENCH_STEP_UP !== '0';
const STEP_SECONDS = knob('BENCH_STEP_SECONDS', 5, 1);
const STEP_BUDGET_S = knob('BENCH_STEP_BUDGET_S', 120, 0);
/**
 * Seconds at the first rate before anything is measured: the first measured phase otherwise
 * pays for the stack's first minutes (code still being compiled by V8, pools and caches still
 * filling), which a server that has been running does not, and whichever phase came first
 * looked the worse for it.
 */
const WARM_SECONDS = knob('BENCH_WARM_SECONDS', 10, 0);
/** How long the events of one rate may take to arrive after the last was committed. */
const DELIVERY_WAIT_MS = 30_000;

/**
 * Events per producing transaction (one request to identity's test route each): 1 by default,
 * as registrations come; more for the shape of a batch job (a month's renewals), so a producer
 * on these two cores can offer rates its one-request-per-event form cannot.
 */
const PER_COMMIT = Math.max(1, Number(process.env.BENCH_PER_COMMIT ?? 1));

/** Issue 16's goals: p99 < 100 ms at 200/s, < 250 ms at 500/s; above, everything delivered. */
function targetNote(rate: number, p99: number, allDelivered: boolean): string {
  if (SMOKE) return '';
  const bound = rate <= 200 ? 100 : rate <= 500 ? 250 : undefined;
  if (bound === undefined)
    return ` (goal: sustained with no growing backlog: ${allDelivered ? 'all delivered' : 'NOT all delivered'})`;
  return ` (target p99 < ${bound} ms: ${p99 < bound ? 'met' : 'NOT met'})`;
}

/** What a subscription's error sink was given: GraphQL errors, a close, or a socket error. */
function subscriptionError(error: unknown): string {
  if (Array.isArray(error)) {
    return error.map((e) => (e as { message?: string }).message ?? JSON.stringify(e)).join('; ');
  }
  const closed = error as { code?: unknown; reason?: unknown };
  if (typeof closed?.code === 'number') {
    return `socket closed ${closed.code}${closed.reason ? ` (${String(closed.reason)})` : ''}`;
  }
  const event = error as { error?: unknown; message?: unknown };
  if (event?.error !== undefined) return describeError(event.error);
  if (typeof event?.message === 'string') return event.message;
  return describeError(error);
}

/** One rate's run on one bus. */
interface RateResult {
  rate: number;
  phase: LoadPhase;
  seconds: number;
  stepUp: boolean;
  total: number;
  delivered: number;
  p50: number;
  p99: number;
  failed: number;
  /** The failed producing calls' causes, with how many failed so. */
  causes: Map<string, number>;
  /** Every event delivered, the schedule kept, the median not climbing through the run. */
  sustained: boolean;
}

interface BusResult {
  bus: EventBus;
  rates: RateResult[];
  lines: string[];
  subscriptionErrors: number;
}

/**
 * The backlog grew when an event never arrived, the producer could not keep the schedule (the
 * rate was not offered), or the median of the last third of the run is over twice the first's
 * (and 50 ms more).
 */
function backlogGrew(
  thirds: number[][],
  allDelivered: boolean,
  seconds: number,
  commitSeconds: number,
): boolean {
  if (!allDelivered || commitSeconds > seconds * 1.25 + 1) return true;
  const [first, last] = [percentile(thirds[0]!, 50), percentile(thirds[2]!, 50)];
  if (Number.isNaN(first) || Number.isNaN(last)) return false;
  return last > Math.max(2 * first, first + 50);
}

async function benchBus(bus: EventBus, background: BackgroundLoad): Promise<BusResult> {
  const say = (line: string) => process.stdout.write(`[${bus}] ${line}\n`);
  const { stack, stop } = await startBenchStack({ eventBus: bus });
  let subscriptionErrors = 0;
  try {
    // Several members, each with an open subscription, as on a real evening: events for
    // different members flow in parallel, each member's own events in order.
    const members = await Promise.all(
      Array.from({ length: USERS }, (_, i) =>
        signUpBenchMember(
          stack.gatewayUrl,
          stack.mailboxUrl,
          `bench.${bus}.${i}.${Date.now()}@example.com`,
        ),
      ),
    );
    const committedAt = new Map<string, number>();
    const deliveredAt = new Map<string, number>();
    /** Wall clock of each delivery, to line up with the databases' timestamps. */
    const deliveredWall = new Map<string, number>();
    const eventIds = new Map<string, string>();
    let onDelivered: ((key: string) => void) | undefined;
    const clients = members.map((member) => {
      const client = createClient({
        url: `ws://localhost:${stack.options.gatewayPort}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${member.accessToken}` },
      });
      client.subscribe<{ notificationAdded: { message: string } }>(
        { query: 'subscription { notificationAdded { id message } }' },
        {
          next: ({ data: event }) => {
            const key = /Welcome, (b[\d-]+)\./.exec(event?.notificationAdded.message ?? '')?.[1];
            if (!key) return;
            deliveredAt.set(key, performance.now());
            deliveredWall.set(key, Date.now());
            onDelivered?.(key);
          },
          error: (error) => {
            subscriptionErrors += 1;
            process.stderr.write(`[${bus}] subscription error: ${subscriptionError(error)}\n`);
          },
          complete: () => undefined,
        },
      );
      return client;
    });
    const producer = testEventProducer(stack.service('identity'));
    /** One producing transaction with these events, each for its member. */
    const publishAll = async (batch: { key: string; member: BenchMember }[]) => {
      const ids = await producer.publish(
        batch.map(({ key, member }) => ({
          type: 'user.registered' as const,
          subject: member.id,
          data: {
            userId: member.id,
            email: member.email,
            firstName: key,
            lastName: 'User',
            role: 'member' as const,
          },
        })),
      );
      const at = performance.now();
      batch.forEach(({ key }, i) => {
        committedAt.set(key, at);
        eventIds.set(key, ids[i]!);
      });
    };
    const publish = (key: string, member: BenchMember) => publishAll([{ key, member }]);

    // Warm up until every subscription delivers (each is live once one event comes through;
    // a Kafka consumer group takes a while to be assigned its partitions).
    for (let attempt = 0; ; attempt++) {
      const keys = members.map((_, i) => `b0-${attempt}-${i}`);
      await Promise.all(keys.map((key, i) => publish(key, members[i]!)));
      const deadline = performance.now() + 2_000;
      while (performance.now() < deadline && !keys.every((key) => deliveredAt.has(key))) {
        await new Promise((r) => setTimeout(r, 20));
      }
      if (keys.every((key) => deliveredAt.has(key))) break;
      if (attempt > 30) throw new Error('the subscriptions never delivered');
    }

    const lines: string[] = [];
    const results: RateResult[] = [];
    let run = 0;
    const runRate = async (
      rate: number,
      seconds: number,
      stepUp: boolean,
      phase: LoadPhase = 'quiet',
      warmUp = false,
    ) => {
      run += 1;
      const total = Math.max(1, Math.round(rate * seconds));
      const interval = 1000 / rate;
      const keys = Array.from({ length: total }, (_, i) => `b${run}-${i}`);
      let remaining = total;
      // Only this run's events count: a late one from the run before must not end the wait.
      const ours = new Set(keys);
      const allDelivered = new Promise<void>((done) => {
        onDelivered = (key) => {
          if (!ours.delete(key)) return;
          remaining -= 1;
          if (remaining <= 0) done();
        };
      });
      const start = performance.now();
      const commits: Promise<void>[] = [];
      for (let i = 0; i < total; i += PER_COMMIT) {
        const wait = start + i * interval - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const batch = keys
          .slice(i, i + PER_COMMIT)
          .map((key, j) => ({ key, member: members[(i + j) % members.length]! }));
        commits.push(publishAll(batch));
      }
      const sendSeconds = (performance.now() - start) / 1000;
      const causes = new Map<string, number>();
      for (const result of await Promise.allSettled(commits)) {
        if (result.status === 'fulfilled') continue;
        const cause = describeError(result.reason).slice(0, 240);
        causes.set(cause, (causes.get(cause) ?? 0) + 1);
      }
      const failed = [...causes.values()].reduce((sum, n) => sum + n, 0);
      // The producer's own pace: when the commits lag the schedule, the rate was not offered.
      const commitSeconds = (performance.now() - start) / 1000;
      const expected = keys.filter((key) => committedAt.has(key)).length;
      if (expected > 0)
        await Promise.race([allDelivered, new Promise((r) => setTimeout(r, DELIVERY_WAIT_MS))]);
      onDelivered = undefined;
      // A delivery can be seen a moment before the publisher hears its commit returned: 0.
      const latencyOf = (key: string) =>
        deliveredAt.has(key) && committedAt.has(key)
          ? Math.max(0, deliveredAt.get(key)! - committedAt.get(key)!)
          : undefined;
      const sorted = keys
        .map(latencyOf)
        .filter((value): value is number => value !== undefined)
        .sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      const p99 = percentile(sorted, 99);
      const line =
        `events on ${bus}${background.processes ? `, ${phase}` : ''}: ${rate}/s for ${seconds} s${stepUp ? ' (step-up)' : ''} across ${USERS} members, ${PER_COMMIT} per producing transaction (sent in ${sendSeconds.toFixed(1)} s, committed by ${commitSeconds.toFixed(1)} s${failed ? `, ${failed} commits failed` : ''}) — delivered ${sorted.length}/${total}, ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms` +
        targetNote(rate, p99, sorted.length === total);
      // A growing backlog shows as latency that climbs through the run: the median of each
      // third of the schedule, in order.
      const thirds = [0, 1, 2].map((third) =>
        keys
          .slice(Math.floor((third * total) / 3), Math.floor(((third + 1) * total) / 3))
          .map(latencyOf)
          .filter((value): value is number => value !== undefined)
          .sort((a, b) => a - b),
      );
      const sustained = !backlogGrew(thirds, sorted.length === total, seconds, commitSeconds);
      const trend = `  p50 by third of the run (backlog check)       ${thirds.map((third) => `${percentile(third, 50).toFixed(1)} ms`).join(' -> ')}${sustained ? '' : ' (backlog grew)'}`;
      const causeLines = [...causes].map(([cause, n]) => `  ${n} producing calls failed: ${cause}`);
      if (warmUp) {
        for (const printed of [`warm-up, not measured: ${line}`, ...causeLines]) {
          lines.push(printed);
          say(printed);
        }
        return undefined;
      }
      const stageLines = await stages(
        bus,
        (name) => stack.databaseUrl(name),
        keys
          .filter((key) => eventIds.has(key))
          .map((key) => ({
            id: eventIds.get(key)!,
            deliveredAt: deliveredWall.get(key),
          })),
      );
      for (const printed of [line, trend, ...causeLines, ...stageLines]) {
        lines.push(printed);
        say(printed);
      }
      const result: RateResult = {
        rate,
        phase,
        seconds,
        stepUp,
        total,
        delivered: sorted.length,
        p50,
        p99,
        failed,
        causes,
        sustained,
      };
      results.push(result);
      return result;
    };

    if (WARM_SECONDS > 0) await runRate(RATES[0]!, WARM_SECONDS, false, 'quiet', true);
    for (const [i, rate] of RATES.entries()) {
      for (const phase of background.phases(i)) {
        await background.set(phase);
        await runRate(rate, SECONDS, false, phase);
      }
    }
    await background.set('quiet');
    if (STEP_UP) {
      // Doubling from the highest fixed rate that held, until the backlog grows or time is up.
      const held = results.filter((r) => r.sustained && r.phase === 'quiet').map((r) => r.rate);
      const budgetEnd = Date.now() + STEP_BUDGET_S * 1000;
      let rate = held.length ? Math.max(...held) * 2 : 0;
      while (rate > 0 && Date.now() + STEP_SECONDS * 1000 < budgetEnd) {
        if (!(await runRate(rate, STEP_SECONDS, true))?.sustained) break;
        rate *= 2;
      }
    }
    await Promise.all(clients.map((client) => client.dispose()));
    producer.close();
    return { bus, rates: results, lines, subscriptionErrors };
  } finally {
    await background.stop();
    await stop();
  }
}

/** The buses side by side: one row per rate and bus, then each bus's highest held rate. */
function sideBySide(buses: BusResult[]): string[] {
  const rows: string[][] = [
    ['rate', 'bus', 'load', 'p50', 'p99', 'delivered', 'failed calls', 'backlog'],
  ];
  const rates = [...new Set(buses.flatMap((b) => b.rates.map((r) => r.rate)))].sort(
    (a, b) => a - b,
  );
  for (const rate of rates) {
    for (const { bus, rates: results } of buses) {
      for (const r of results.filter((result) => result.rate === rate)) {
        rows.push([
          `${rate}/s${r.stepUp ? ' (step)' : ''}`,
          bus,
          r.phase,
          `${r.p50.toFixed(1)} ms`,
          `${r.p99.toFixed(1)} ms`,
          `${r.delivered}/${r.total}`,
          String(r.failed),
          r.sustained ? 'steady' : 'GREW',
        ]);
      }
    }
  }
  const phases = [...new Set(buses.flatMap((b) => b.rates.map((r) => r.phase)))];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const table = rows.map((row) =>
    row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
  const causes = buses.flatMap(({ bus, rates: results }) =>
    results.flatMap((r) =>
      [...r.causes].map(
        ([cause, n]) => `${bus} at ${r.rate}/s (${r.phase}): ${n} failed: ${cause}`,
      ),
    ),
  );
  const held = buses.flatMap(({ bus, rates: results }) =>
    [...new Set(results.map((r) => r.phase))].map((phase) => {
      const ofPhase = results.filter((r) => r.phase === phase);
      const name = phases.length > 1 ? `${bus} ${phase}` : bus;
      const rates = ofPhase.filter((r) => r.sustained).map((r) => r.rate);
      const grew = ofPhase.filter((r) => !r.sustained).map((r) => r.rate);
      if (!rates.length) return `${name}: none of the rates tried`;
      const best = Math.max(...rates);
      const above = grew.filter((rate) => rate > best);
      return `${name}: ${best}/s${above.length ? ` (grew at ${Math.min(...above)}/s)` : STEP_UP && phase === 'quiet' ? ' (none grew it within the step budget)' : ' (no rate tried made it grow)'}`;
    }),
  );
  return [
    ...table,
    ...(causes.length ? ['failed producing calls:', ...causes.map((c) => `  ${c}`)] : []),
    `highest rate with no backlog growth${STEP_UP ? '' : ' (of the fixed rates; step-up off)'}: ${held.join('; ')}`,
  ];
}

async function main(): Promise<void> {
  const background = new BackgroundLoad(backgroundLoadCount());
  const buses: BusResult[] = [];
  for (const bus of BUSES) buses.push(await benchBus(bus, background));
  process.stdout.write(
    `\nSummary (${new Date().toISOString()}, ${cpus().length} cores, Postgres synchronous_commit=${process.env.JIBS_PG_SYNCHRONOUS_COMMIT === 'off' ? 'off' : 'on'}, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ' ',
      )}, ${background.describe()}):\n${buses.flatMap((b) => b.lines).join('\n')}\n\n${sideBySide(buses).join('\n')}\n`,
  );
  // Failed producing calls, undelivered events or a broken subscription fail the run.
  const broken = buses.some(
    (b) => b.subscriptionErrors > 0 || b.rates.some((r) => r.failed > 0 || r.delivered < r.total),
  );
  if (broken && SMOKE) process.exitCode = 1;
}

interface Timed {
  id: string;
  at: Date;
}

async function timestamps(url: string, sql: string, ids: string[]): Promise<Map<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Timed>(sql, [ids]);
    return new Map(rows.map((row) => [row.id, row.at.getTime()]));
  } finally {
    await client.end();
  }
}

/**
 * Where the time goes, per event, from the databases' own timestamps: the producing
 * transaction (outbox.created_at), the append to the log (event_log.appended_at), each consumer
 * group's transaction (inbox.handled_at, its start) and the delivery on the subscription.
 */
async function stages(
  bus: EventBus,
  databaseUrl: (name: string) => string,
  events: { id: string; deliveredAt?: number }[],
): Promise<string[]> {
  const ids = events.map((event) => event.id);
  const inbox = (group: string) =>
    `SELECT event_id AS id, handled_at AS at FROM inbox WHERE consumer_group = '${group}' AND event_id = ANY($1::uuid[])`;
  const [committed, appended, welcome, recipients, registrations, documents, memorials] =
    await Promise.all([
      timestamps(
        databaseUrl('identity'),
        'SELECT id, created_at AS at FROM outbox WHERE id = ANY($1::uuid[])',
        ids,
      ),
      // On Kafka there is no event log table: the stages then start at the outbox commit.
      bus === 'postgres'
        ? timestamps(
            databaseUrl('eventlog'),
            `SELECT envelope->>'id' AS id, appended_at AS at FROM event_log
        WHERE topic = 'user.registered' AND envelope->>'id' = ANY($1::text[])`,
            ids,
          )
        : Promise.resolve(new Map<string, number>()),
      timestamps(databaseUrl('notifications'), inbox('notifications.welcome'), ids),
      timestamps(databaseUrl('notifications'), inbox('notifications.recipients'), ids),
      timestamps(databaseUrl('billing'), inbox('billing.registrations'), ids),
      timestamps(databaseUrl('documents'), inbox('documents.members'), ids),
      timestamps(databaseUrl('memorials'), inbox('memorials.members'), ids),
    ]);
  const stage = (
    label: string,
    from: (id: string) => number | undefined,
    to: (id: string) => number | undefined,
  ) => {
    const sorted = events
      .map((event) => {
        const [a, b] = [from(event.id), to(event.id)];
        return a === undefined || b === undefined ? undefined : Math.max(0, b - a);
      })
      .filter((value): value is number => value !== undefined)
      .sort((a, b) => a - b);
    return `  ${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} events)`;
  };
  const delivered = new Map(events.map((event) => [event.id, event.deliveredAt]));
  const [origin, originOf] =
    bus === 'postgres'
      ? ['event log', (id: string) => appended.get(id)]
      : ['outbox commit', (id: string) => committed.get(id)];
  return [
    // The headline latency starts when the producer hears its commit (a lower bound: on a busy
    // host the answer can come after the delivery); this one starts at the producing
    // transaction's start (an upper bound). The true commit lies between the two.
    stage(
      'outbox row written -> subscription (upper bound)',
      (id) => committed.get(id),
      (id) => delivered.get(id),
    ),
    ...(bus === 'postgres'
      ? [
          stage(
            'outbox commit -> event log',
            (id) => committed.get(id),
            (id) => appended.get(id),
          ),
        ]
      : []),
    stage(`${origin} -> welcome consumer txn`, originOf, (id) => welcome.get(id)),
    stage(
      'welcome consumer txn -> subscription',
      (id) => welcome.get(id),
      (id) => delivered.get(id),
    ),
    stage(`${origin} -> recipients consumer txn`, originOf, (id) => recipients.get(id)),
    stage(`${origin} -> billing registrations txn`, originOf, (id) => registrations.get(id)),
    stage(`${origin} -> documents members txn`, originOf, (id) => documents.get(id)),
    stage(`${origin} -> memorials members txn`, originOf, (id) => memorials.get(id)),
  ];
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
