import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from 'otplib';
import { Client } from 'pg';
import { readMailbox } from '@jibs/mailer';
import { gatewayHeaders } from '@jibs/subgraph';
import { aBenchSignUp, graphql, knob, percentile, SMOKE, startBenchStack } from './bench-support';

/**
 * `npm run bench:admin`: /admin/users with MEMBERS members, on the embedded stack. The members
 * sign up through identity's public API (startSignUp, the emailed code, completeSignUp: the
 * gateway's sign-up limit per client address is met by calling identity with the gateway's
 * credential and one client address per member, as the gateway would pass them), so billing
 * learns them from `user.registered` on the bus. The stack's admin then signs in with an
 * authenticator (enrolled here) and the console's first page and a search run through the
 * gateway: p50/p95 printed, and the SQL statements each request cost each service's database
 * (Postgres' own transaction counters per database, less what the services do when idle).
 */
const MEMBERS = knob('BENCH_MEMBERS', 1_000, 25);
const CALLS = knob('BENCH_CALLS', 200, 10);
const CONCURRENCY = knob('BENCH_CONCURRENCY', 4, 2);
const SIGN_UP_CONCURRENCY = knob('BENCH_SIGN_UP_CONCURRENCY', 6, 4);
/** How long the services' idle transaction rate is sampled. */
const IDLE_MS = SMOKE ? 1_000 : 5_000;
const DATABASES = ['identity', 'billing', 'cases', 'documents', 'notifications', 'memorials'];

const START_SIGN_UP = `mutation($input: SignUpInput!) { startSignUp(input: $input) { signUpToken } }`;
const COMPLETE_SIGN_UP = `mutation($token: String!, $code: String!) {
  completeSignUp(signUpToken: $token, code: $code) { user { id } }
}`;
const SIGN_IN = `mutation($input: SignInInput!) {
  signIn(input: $input) { challenge { kind token } session { accessToken } }
}`;
const START_TOTP = `mutation($token: String!) { startTotpEnrollment(challengeToken: $token) { manualEntryKey } }`;
const COMPLETE_SIGN_IN = `mutation($token: String!, $code: String!) {
  completeSignIn(challengeToken: $token, code: $code) { accessToken }
}`;
/** The console's query (apps/admin/src/features/users/graphql/users.graphql, AdminUsers). */
const ADMIN_USERS = `query($search: String, $status: String, $limit: Int, $offset: Int) {
  adminUsers(search: $search, status: $status, limit: $limit, offset: $offset) {
    total
    users { id fullName firstName email createdAt addressLine1 city state zipCode role membershipStatus registrationFeePaid }
  }
}`;

interface Measured {
  label: string;
  p50: number;
  p95: number;
  statements: Record<string, number>;
}

async function runPool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await task(i);
    }),
  );
  return results;
}

async function main(): Promise<void> {
  const { stack, stop } = await startBenchStack();
  const postgres = new Client({ connectionString: stack.databaseUrl('postgres') });
  await postgres.connect();
  try {
    const gateway = `${stack.gatewayUrl}/graphql`;
    const identity = `${stack.service('identity').url}/graphql`;
    const { gatewaySecret } = JSON.parse(
      readFileSync(join(stack.options.dataDir, 'secrets.json'), 'utf8'),
    ) as { gatewaySecret: string };
    const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const run = Date.now().toString(36);

    // 1. Members through identity's public sign-up.
    const seedStart = performance.now();
    const emails = Array.from({ length: MEMBERS }, (_, i) => `member-${i}-${run}@example.com`);
    const tokens = await runPool(MEMBERS, SIGN_UP_CONCURRENCY, async (i) => {
      const input = { ...aBenchSignUp(emails[i]!), firstName: `Member${i}`, lastName: 'Bench' };
      const started = await graphql<{ startSignUp: { signUpToken: string } }>(
        identity,
        START_SIGN_UP,
        { input },
        undefined,
        gatewayHeaders(gatewaySecret, address(i + 1)),
      );
      if (!started.data) throw new Error(`startSignUp: ${JSON.stringify(started.errors)}`);
      return started.data.startSignUp.signUpToken;
    });
    const codes = new Map<string, string>();
    const deadline = Date.now() + 120_000;
    while (codes.size < MEMBERS) {
      for (const mail of await readMailbox(stack.mailboxDir)) {
        const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
        if (code) codes.set(mail.to, code);
      }
      if (codes.size >= MEMBERS) break;
      if (Date.now() > deadline) throw new Error(`only ${codes.size} sign-up codes arrived`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await runPool(MEMBERS, SIGN_UP_CONCURRENCY, async (i) => {
      const done = await graphql(
        identity,
        COMPLETE_SIGN_UP,
        { token: tokens[i], code: codes.get(emails[i]!) },
        undefined,
        gatewayHeaders(gatewaySecret, address(i + 1)),
      );
      if (done.errors) throw new Error(`completeSignUp: ${JSON.stringify(done.errors)}`);
    });
    const billing = new Client({ connectionString: stack.databaseUrl('billing') });
    await billing.connect();
    try {
      while (
        (await billing.query<{ n: number }>('SELECT count(*)::int AS n FROM members')).rows[0]!.n <=
        MEMBERS
      ) {
        if (Date.now() > deadline + 120_000) throw new Error('billing did not learn every member');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await billing.end();
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // 2. The admin, signed in with an authenticator enrolled now.
    const password = stack.generatedAdminPassword ?? process.env.ADMIN_PASSWORD;
    const signIn = await graphql<{ signIn: { challenge: { token: string } } }>(gateway, SIGN_IN, {
      input: { email: stack.adminEmail, password },
    });
    const challenge = signIn.data?.signIn.challenge?.token;
    if (!challenge) throw new Error(`admin sign-in: ${JSON.stringify(signIn)}`);
    const enrol = await graphql<{ startTotpEnrollment: { manualEntryKey: string } }>(
      gateway,
      START_TOTP,
      { token: challenge },
    );
    const secret = enrol.data!.startTotpEnrollment.manualEntryKey;
    const signedIn = await graphql<{ completeSignIn: { accessToken: string } }>(
      gateway,
      COMPLETE_SIGN_IN,
      { token: challenge, code: await generate({ secret }) },
    );
    const adminToken = signedIn.data?.completeSignIn.accessToken;
    if (!adminToken) throw new Error(`admin TOTP: ${JSON.stringify(signedIn.errors)}`);

    // 3. What each database does per second while nobody calls (relays, revocations, polls).
    const transactions = async (): Promise<Record<string, number>> => {
      const { rows } = await postgres.query<{ datname: string; n: string }>(
        `SELECT datname, (xact_commit + xact_rollback)::text AS n FROM pg_stat_database
          WHERE datname = ANY($1)`,
        [DATABASES],
      );
      return Object.fromEntries(rows.map((row) => [row.datname, Number(row.n)]));
    };
    // The counters are sent to the statistics system at the end of each transaction and
    // read from a snapshot: a fresh one each time.
    await postgres.query(`SET stats_fetch_consistency = 'none'`);
    const idleFrom = await transactions();
    const idleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleTo = await transactions();
    const idleSeconds = (performance.now() - idleStart) / 1000;
    const idleRate = Object.fromEntries(
      DATABASES.map((db) => [db, (idleTo[db]! - idleFrom[db]!) / idleSeconds]),
    );

    const measure = async (
      label: string,
      variables: (i: number) => object,
      expectTotal?: number,
    ) => {
      // Warm-up: connections, query plans, the gateway's plan cache.
      for (let i = 0; i < 10; i++) await graphql(gateway, ADMIN_USERS, variables(i), adminToken);
      const latencies: number[] = [];
      const before = await transactions();
      const started = performance.now();
      await runPool(CALLS, CONCURRENCY, async (i) => {
        const t0 = performance.now();
        const result = await graphql<{ adminUsers: { total: number; users: unknown[] } }>(
          gateway,
          ADMIN_USERS,
          variables(i),
          adminToken,
        );
        latencies.push(performance.now() - t0);
        if (result.errors || !result.data)
          throw new Error(`${label}: ${JSON.stringify(result.errors)}`);
        if (expectTotal !== undefined && result.data.adminUsers.total !== expectTotal)
          throw new Error(
            `${label}: total ${result.data.adminUsers.total}, expected ${expectTotal}`,
          );
      });
      const seconds = (performance.now() - started) / 1000;
      const after = await transactions();
      latencies.sort((a, b) => a - b);
      const statements = Object.fromEntries(
        DATABASES.map((db) => [
          db,
          Math.max(0, (after[db]! - before[db]! - idleRate[db]! * seconds) / CALLS),
        ]),
      );
      return { label, p50: percentile(latencies, 50), p95: percentile(latencies, 95), statements };
    };

    const results: Measured[] = [
      await measure('first page (20 users)', () => ({ limit: 20, offset: 0 })),
      await measure('first page (100 users)', () => ({ limit: 100, offset: 0 })),
      await measure(
        'search by name (1 match)',
        (i) => ({ search: `Member${(i * 7) % MEMBERS} Bench`, limit: 20 }),
        1,
      ),
      await measure('search by email, page 2', () => ({
        search: `-${run}@example`,
        limit: 20,
        offset: 20,
      })),
      await measure('status filter pending', () => ({ status: 'pending', limit: 20 })),
    ];
    const fmt = (n: number) => n.toFixed(2);
    const lines = results.map(
      (r) =>
        `${r.label.padEnd(28)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; SQL statements per request: ` +
        DATABASES.filter((db) => r.statements[db]! >= 0.05)
          .map((db) => `${db} ${fmt(r.statements[db]!)}`)
          .join(', '),
    );
    process.stdout.write(
      `\nadmin users benchmark (${new Date().toISOString()}, ${cpus().length} cores, load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(
          ' ',
        )}, ${MEMBERS} members seeded through sign-up in ${seedSeconds.toFixed(0)} s, ${CALLS} calls each, concurrency ${CONCURRENCY}):\n${lines.join('\n')}\n` +
        `(statements: transactions counted by Postgres per database, less the idle rate: ${DATABASES.map(
          (db) => `${db} ${idleRate[db]!.toFixed(1)}/s`,
        ).join(', ')})\n`,
    );
  } finally {
    await postgres.end();
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
