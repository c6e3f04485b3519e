import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import {
  describeError,
  graphql,
  knob,
  markRegistrationPaid,
  percentile,
  signUpBenchMember,
  SMOKE,
  startBenchStack,
} from './bench-support';

/**
 * `npm run bench:statements`: a member's PDFs, through the gateway, on the embedded stack. A
 * member with PAYMENTS completed payments this year asks for the year's contributions statement
 * in English, Arabic and Urdu, ROUNDS times each (p50/p95/max in ms, and the file's size); then
 * billing's answers to other members while statements are drawn: the session's membership read
 * (`me`'s billing fields) at RATE per second for SECONDS, alone and with one member fetching
 * Arabic statements back to back (p50/p99 and the ratio). A PDF is drawn on billing's event loop,
 * so what it costs there is what every other billing call waits.
 *
 * BENCH_PAYMENTS (12; smoke 2), BENCH_ROUNDS (10; smoke 1), BENCH_RATE (20; smoke 5),
 * BENCH_SECONDS (10; smoke 1).
 */
const PAYMENTS = knob('BENCH_PAYMENTS', 12, 2);
const ROUNDS = knob('BENCH_ROUNDS', 10, 1);
const RATE = knob('BENCH_RATE', 20, 5);
const SECONDS = knob('BENCH_SECONDS', 10, 1);
const LOCALES = ['en', 'ar', 'ur'] as const;
const MEMBERSHIP = 'query { me { id registrationFeePaid membershipStatus } }';

const print = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The statement's PDF, timed; fails on anything but a PDF. */
async function statement(
  gatewayUrl: string,
  token: string,
  locale: string,
): Promise<{ ms: number; bytes: number }> {
  const year = new Date().getUTCFullYear();
  const t0 = performance.now();
  const res = await fetch(`${gatewayUrl}/statements/contributions/${year}?lang=${locale}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = Buffer.from(await res.arrayBuffer());
  const elapsed = performance.now() - t0;
  if (!res.ok || body.subarray(0, 5).toString() !== '%PDF-') {
    throw new Error(`statement in ${locale}: HTTP ${res.status} ${body.toString().slice(0, 200)}`);
  }
  return { ms: elapsed, bytes: body.length };
}

/** `me`'s billing fields at `rate` per second for `seconds`: each call's time, sorted. */
async function membershipReads(
  gateway: string,
  token: string,
  rate: number,
  seconds: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const calls: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      (async () => {
        const t0 = performance.now();
        const answer = await graphql<{ me: { membershipStatus: string } }>(
          gateway,
          MEMBERSHIP,
          undefined,
          token,
        );
        if (!answer.data?.me.membershipStatus) {
          throw new Error(`me's membership: ${JSON.stringify(answer.errors)}`);
        }
        latencies.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(calls);
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  print(
    `bench:statements${SMOKE ? ' (smoke)' : ''}: ${PAYMENTS} payments, ${ROUNDS} rounds, ` +
      `${RATE}/s for ${SECONDS} s; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  const { stack, stop } = await startBenchStack();
  try {
    const gateway = `${stack.gatewayUrl}/graphql`;
    const [reader, other] = await Promise.all(
      ['reader', 'other'].map((who) =>
        signUpBenchMember(
          stack.gatewayUrl,
          stack.mailboxUrl,
          `bench-${who}-${randomUUID()}@example.com`,
        ),
      ),
    );
    await markRegistrationPaid(stack, reader!.id);
    const billing = new Client({ connectionString: stack.databaseUrl('billing') });
    await billing.connect();
    try {
      // The year's dues, as the sandbox checkout would have recorded them.
      const year = new Date().getUTCFullYear();
      for (let i = 0; i < PAYMENTS; i++) {
        await billing.query(
          `INSERT INTO payments (user_id, amount, currency, status, type, description, created_at)
           VALUES ($1, 2500, 'usd', 'completed', 'membership', 'Monthly membership', $2)`,
          [reader!.id, new Date(Date.UTC(year, 0, 1 + i * 7))],
        );
      }
    } finally {
      await billing.end();
    }

    print('\nstatement of the year, through the gateway (one at a time)');
    for (const locale of LOCALES) {
      await statement(stack.gatewayUrl, reader!.accessToken, locale); // fonts opened, code warm
      const times: number[] = [];
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const pdf = await statement(stack.gatewayUrl, reader!.accessToken, locale);
        times.push(pdf.ms);
        bytes = pdf.bytes;
      }
      times.sort((a, b) => a - b);
      print(
        `  ${locale}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ` +
          `max ${ms(times[times.length - 1]!)}, ${(bytes / 1024).toFixed(0)} KB`,
      );
    }

    print(`\nbilling's other calls (me's membership, ${RATE}/s for ${SECONDS} s)`);
    const alone = await membershipReads(gateway, other!.accessToken, RATE, SECONDS);
    let drawing = true;
    let drawn = 0;
    const drawer = (async () => {
      while (drawing) {
        await statement(stack.gatewayUrl, reader!.accessToken, 'ar');
        drawn += 1;
      }
    })();
    const beside = await membershipReads(gateway, other!.accessToken, RATE, SECONDS).finally(
      () => (drawing = false),
    );
    await drawer;
    const line = (label: string, sorted: number[]) =>
      `  ${label}: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`;
    print(line('alone', alone));
    print(line(`beside Arabic statements (${drawn} drawn)`, beside));
    print(`  p99 beside / alone: ${(percentile(beside, 99) / percentile(alone, 99)).toFixed(2)}x`);
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:statements failed: ${describeError(error)}\n`);
    process.exit(1);
  },
);
