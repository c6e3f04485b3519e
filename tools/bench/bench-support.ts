import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import type { PublishRequest } from '@jibs/events';
import { freeStackPorts, LocalStack, publishTestEvent, type EventBus } from '@jibs/stack';
import { gatewayHeaders, TEST_EVENTS_PATH } from '@jibs/subgraph';

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

/**
 * `--load=N` (or `BENCH_LOAD=N`): N busy-loop processes (each keeps one core busy) run beside
 * the bench during its "loaded" phases, started and stopped by the bench itself so that every
 * run is loaded alike. 0 (the default) runs the quiet phase only.
 */
export function backgroundLoadCount(argv: string[] = process.argv): number {
  const flag = argv.find((arg) => arg.startsWith('--load='));
  const value = flag ? flag.slice('--load='.length) : process.env.BENCH_LOAD;
  if (value === undefined || value === '') return 0;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 16) {
    throw new Error(
      `--load (BENCH_LOAD) is a whole number of busy processes, 0 to 16, not '${value}'`,
    );
  }
  return count;
}

/** A phase of an interleaved run: nothing beside the bench, or the background load on. */
export type LoadPhase = 'quiet' | 'loaded';

/**
 * The busy loop of one background process. It spins in slices of a few milliseconds and
 * exits when the bench (its parent) is gone, so it never outlives a crashed bench.
 */
const BUSY_LOOP = `const parent = process.ppid;
for (;;) {
  const until = Date.now() + 50;
  while (Date.now() < until);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;

/** Background load the bench switches on and off between phases. */
export class BackgroundLoad {
  private children: ChildProcess[] = [];

  constructor(readonly processes: number) {}

  /** The phases each round runs, in an order that alternates with the round. */
  phases(round: number): LoadPhase[] {
    if (!this.processes) return ['quiet'];
    return round % 2 === 0 ? ['quiet', 'loaded'] : ['loaded', 'quiet'];
  }

  async set(phase: LoadPhase): Promise<void> {
    if (phase === 'quiet') {
      await this.stop();
      return;
    }
    while (this.children.length < this.processes) {
      const child = spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' });
      this.children.push(child);
      await new Promise<void>((done, fail) => {
        child.once('spawn', done);
        child.once('error', fail);
      });
    }
  }

  async stop(): Promise<void> {
    const children = this.children;
    this.children = [];
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      ),
    );
  }

  describe(): string {
    return this.processes
      ? `loaded = ${this.processes} busy-loop process${this.processes > 1 ? 'es' : ''} beside the bench (--load=${this.processes})`
      : 'quiet only (--load=N adds a loaded phase)';
  }
}

/**
 * A whole stack on its own ports and a throwaway data directory, for one benchmark run.
 * `BENCH_STACK_ROOT=<another checkout with its dist/ built>` runs that build's services instead
 * of this one's, under this bench (a before/after comparison with the same bench and load).
 */
export async function startBenchStack(
  options: { eventBus?: EventBus; testRoutes?: boolean } = {},
): Promise<{ stack: LocalStack; stop(): Promise<void> }> {
  // A port taken by a parallel run between choosing and binding it: new ports (three tries).
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'jibs-bench-'));
    let portTaken = false;
    const stack = new LocalStack({
      root: process.env.BENCH_STACK_ROOT || resolve(__dirname, '../../../..'),
      dataDir,
      ...(await freeStackPorts()),
      ...(options.eventBus ? { eventBus: options.eventBus } : {}),
      logLevel: 'warn',
      // The events benchmark has identity publish through its test-only route.
      testRoutes: options.testRoutes ?? true,
      log: (service, line) => {
        if (/EADDRINUSE/.test(line)) portTaken = true;
        if (/"level":"(error|fatal)"/.test(line)) process.stderr.write(`[${service}] ${line}\n`);
      },
    });
    try {
      await stack.start();
    } catch (error) {
      // Nothing half-started stays behind (Postgres outlives a launcher that just returns).
      await stack.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      if (attempt < 3 && (portTaken || /EADDRINUSE/.test(String(error)))) {
        process.stderr.write('a port was taken as the stack started; starting it on others\n');
        continue;
      }
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
}

/**
 * An error with the chain of its causes and their codes: `fetch failed` alone says nothing,
 * its cause (`connect ECONNREFUSED`, `other side closed`, a timeout) says what went wrong.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(
        `${current.message}${typeof code === 'string' && !current.message.includes(code) ? ` (${code})` : ''}`,
      );
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(': caused by ');
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
  const text = await res.text();
  let answer: { data?: T; errors?: unknown[] } | undefined;
  try {
    answer = JSON.parse(text) as { data?: T; errors?: unknown[] };
  } catch {
    // Not a GraphQL answer (a proxy's error page, a crash): its status says more than a parse error.
  }
  // JSON that is no GraphQL answer either (a refusal's own body): the caller would see only
  // `undefined` errors, so its status and text are the failure's cause.
  if (!answer || typeof answer !== 'object' || !('data' in answer || 'errors' in answer)) {
    throw new Error(`HTTP ${res.status} from ${url}: ${text.slice(0, 200)}`);
  }
  return answer;
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

/** The running service a producer sends to (a stack's `ServiceProcess`). */
interface ProducingService {
  url: string;
  spec: { name: string; env: NodeJS.ProcessEnv };
}

/**
 * The events benchmark's producer: `POST /testing/events` (as `publishTestEvents`) over at most
 * `maxSockets` kept-alive connections, so a rate the service cannot keep up with queues here
 * rather than opening a connection per waiting call. A call sent on a kept-alive connection the
 * service had just closed (`EPIPE`/`ECONNRESET` before any answer: the service never read it)
 * is sent again on another, as the gateway's subgraph client does; any other failure fails the
 * call with its cause.
 */
export function testEventProducer(
  service: ProducingService,
  maxSockets = 32,
): { publish(events: readonly PublishRequest[]): Promise<string[]>; close(): void } {
  const secret = service.spec.env['GATEWAY_SECRET'];
  if (!secret) throw new Error(`${service.spec.name} runs without a GATEWAY_SECRET`);
  const agent = new Agent({ keepAlive: true, maxSockets, scheduling: 'lifo' });
  const { hostname, port } = new URL(service.url);
  const headers = { 'content-type': 'application/json', ...gatewayHeaders(secret) };
  const send = (body: string, retries: number): Promise<string[]> =>
    new Promise((resolve, reject) => {
      let answered = false;
      const req = request(
        {
          hostname,
          port,
          path: TEST_EVENTS_PATH,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 201) {
              reject(
                new Error(
                  `${service.spec.name} refused the test events: ${res.statusCode} ${text.slice(0, 200)}`,
                ),
              );
              return;
            }
            resolve((JSON.parse(text) as { ids: string[] }).ids);
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        const stale = error.code === 'ECONNRESET' || error.code === 'EPIPE';
        if (req.reusedSocket && !answered && stale && retries > 0) {
          resolve(send(body, retries - 1));
          return;
        }
        reject(error);
      });
      req.end(body);
    });
  return {
    publish: (events) =>
      send(
        JSON.stringify({
          events: events.map(({ type, subject, data }) => ({ type, subject, data })),
        }),
        2,
      ),
    close: () => agent.destroy(),
  };
}
