import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { freeStackPorts, LocalStack, publishTestEvent, type EventBus } from '@jibs/stack';

/**
 * `BENCH_SMOKE=1`: every bench runs with tiny counts for a few seconds and prints no verdict on
 * its targets, but still goes the whole path and exits non-zero on any failure (a failed
 * request, an undelivered event, a crash). `npm test` runs them so (tools/scripts/bench-smoke.sh).
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A numeric setting: its environment variable when set, else the smoke or the full value. */
export function knob(name: string, full: number, smoke: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return SMOKE ? smoke : full;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, not '${value}'`);
  return parsed;
}

/** A whole stack on its own ports and a throwaway data directory, for one benchmark run. */
export async function startBenchStack(
  options: { eventBus?: EventBus; testRoutes?: boolean } = {},
): Promise<{ stack: LocalStack; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-bench-'));
  const stack = new LocalStack({
    root: resolve(__dirname, '../../../..'),
    dataDir,
    ...(await freeStackPorts()),
    ...(options.eventBus ? { eventBus: options.eventBus } : {}),
    logLevel: 'warn',
    // The events benchmark has identity publish through its test-only route.
    testRoutes: options.testRoutes ?? true,
    log: (service, line) => {
      if (/"level":"(error|fatal)"/.test(line)) process.stderr.write(`[${service}] ${line}\n`);
    },
  });
  try {
    await stack.start();
  } catch (error) {
    // Nothing half-started stays behind (Postgres outlives a launcher that just returns).
    await stack.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    stack,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface LoadResult {
  count: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}

/** Runs `call` with `concurrency` workers until `total` calls are done; times each call. */
export async function runLoad(
  total: number,
  concurrency: number,
  call: (i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const ok = await call(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: total,
    errors,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function describeLoad(label: string, result: LoadResult): string {
  return (
    `${label}: ${result.count} calls, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
    `${(result.count / result.seconds).toFixed(0)}/s${result.errors ? `, ${result.errors} ERRORS` : ''}`
  );
}

export function aBenchSignUp(email: string): Record<string, unknown> {
  return {
    firstName: 'Bench',
    lastName: 'User',
    email,
    password: 'bench-password',
    confirmPassword: 'bench-password',
    phone: '5551234567',
    dateOfBirth: '1980-01-01',
    addressLine1: '1 Main St',
    city: 'Dearborn',
    state: 'MI',
    zipCode: '48126',
    isUsCitizen: true,
  };
}

export async function graphql<T>(
  url: string,
  query: string,
  variables?: object,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ data?: T; errors?: unknown[] }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: T; errors?: unknown[] };
}

/** A member made as the wizard makes one: its id, email and access token. */
export interface BenchMember {
  id: string;
  email: string;
  accessToken: string;
}

/**
 * Signs a member up through the gateway as the wizard does: startSignUp, the code from the local
 * mailbox (its HTTP API), completeSignUp.
 */
export async function signUpBenchMember(
  gatewayUrl: string,
  mailboxUrl: string,
  email: string,
): Promise<BenchMember> {
  const gateway = `${gatewayUrl}/graphql`;
  const started = await graphql<{ startSignUp: { signUpToken: string } }>(
    gateway,
    'mutation($input: SignUpInput!) { startSignUp(input: $input) { signUpToken } }',
    { input: aBenchSignUp(email) },
  );
  if (!started.data) throw new Error(`startSignUp failed: ${JSON.stringify(started.errors)}`);
  const deadline = Date.now() + 15_000;
  let code: string | undefined;
  while (!code) {
    if (Date.now() > deadline) throw new Error(`no sign-up code mailed to ${email}`);
    const mails = (await (await fetch(`${mailboxUrl}/api/messages`)).json()) as {
      to: string;
      text: string;
    }[];
    code = mails
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /verification code is (\d{6})/.exec(mail.text)?.[1])
      .find(Boolean);
    if (!code) await new Promise((done) => setTimeout(done, 100));
  }
  const done = await graphql<{ completeSignUp: { accessToken: string; user: { id: string } } }>(
    gateway,
    'mutation($token: String!, $code: String!) { completeSignUp(signUpToken: $token, code: $code) { accessToken user { id } } }',
    { token: started.data.startSignUp.signUpToken, code },
  );
  if (!done.data) throw new Error(`completeSignUp failed: ${JSON.stringify(done.errors)}`);
  return {
    id: done.data.completeSignUp.user.id,
    email,
    accessToken: done.data.completeSignUp.accessToken,
  };
}

/**
 * Marks a member's registration fee paid as the services learn it: billing announces
 * `membership.registration_paid` (through its test route, standing in for the sandbox checkout)
 * and this waits until cases, documents and memorials know it.
 */
export async function markRegistrationPaid(stack: LocalStack, userId: string): Promise<void> {
  await publishTestEvent(stack.service('billing'), {
    type: 'membership.registration_paid',
    subject: userId,
    data: { userId },
  });
  for (const service of ['cases', 'documents', 'memorials']) {
    const db = new Client({ connectionString: stack.databaseUrl(service) });
    await db.connect();
    try {
      const deadline = Date.now() + 30_000;
      while (
        !(
          await db.query('SELECT 1 FROM members WHERE user_id = $1 AND registration_paid', [userId])
        ).rowCount
      ) {
        if (Date.now() > deadline) throw new Error(`${service} never learnt the fee is paid`);
        await new Promise((done) => setTimeout(done, 100));
      }
    } finally {
      await db.end();
    }
  }
}
