import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { openIdentityOutbox } from '../stack/src/identity-outbox';
import { aBenchSignUp, percentile, startBenchStack } from './bench-support';

/**
 * `npm run bench:events`: latency from the producing commit (an event committed to identity's
 * outbox) to its delivery on an open subscription through the gateway, at a steady rate, on
 * the embedded stack. Path: outbox -> relay -> Postgres bus -> notifications consumer ->
 * notification stored + NOTIFY -> subscription -> gateway WebSocket -> this client.
 */
const RATES = (process.env.BENCH_RATES ?? '20,200').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main(): Promise<void> {
  const { stack, stop } = await startBenchStack(30_000);
  try {
    const email = `bench.${Date.now()}@example.com`;
    const signUp = await fetch(`${stack.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation($input: SignUpInput!) { signUp(input: $input) { accessToken user { id } } }',
        variables: {
          input: aBenchSignUp(email),
        },
      }),
    });
    const { data } = (await signUp.json()) as {
      data: { signUp: { accessToken: string; user: { id: string } } };
    };
    const { accessToken, user } = data.signUp;

    const committedAt = new Map<string, number>();
    const latencies: number[] = [];
    let onDelivered: ((key: string) => void) | undefined;
    const ws = createClient({
      url: `ws://localhost:${stack.options.gatewayPort}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${accessToken}` },
    });
    ws.subscribe<{ notificationAdded: { message: string } }>(
      { query: 'subscription { notificationAdded { id message } }' },
      {
        next: ({ data: event }) => {
          const key = /Welcome, (b\d+-\d+)\./.exec(event?.notificationAdded.message ?? '')?.[1];
          if (!key) return;
          const started = committedAt.get(key);
          if (started !== undefined) latencies.push(performance.now() - started);
          onDelivered?.(key);
        },
        error: (error) => process.stderr.write(`subscription error: ${JSON.stringify(error)}\n`),
        complete: () => undefined,
      },
    );
    const outbox = await openIdentityOutbox(stack.databaseUrl('identity'));
    const publish = async (key: string) => {
      await outbox.publishRegistered({ id: user.id, email, firstName: key, lastName: 'User' });
      committedAt.set(key, performance.now());
    };

    // Warm up until the subscription delivers (it is live once one event comes through).
    for (let attempt = 0; ; attempt++) {
      const delivered = new Promise<void>((done) => (onDelivered = () => done()));
      await publish(`b0-${attempt}`);
      const ok = await Promise.race([
        delivered.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 2_000)),
      ]);
      if (ok) break;
      if (attempt > 10) throw new Error('the subscription never delivered');
    }
    onDelivered = undefined;

    const results: string[] = [];
    for (const rate of RATES) {
      latencies.length = 0;
      const total = rate * SECONDS;
      const interval = 1000 / rate;
      const start = performance.now();
      let remaining = total;
      const allDelivered = new Promise<void>((done) => {
        onDelivered = () => {
          remaining -= 1;
          if (remaining === 0) done();
        };
      });
      for (let i = 0; i < total; i++) {
        const due = start + i * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        void publish(`b${rate}-${i}`);
      }
      const sendSeconds = (performance.now() - start) / 1000;
      await Promise.race([allDelivered, new Promise((r) => setTimeout(r, 30_000))]);
      const sorted = [...latencies].sort((a, b) => a - b);
      const line =
        `events: ${rate}/s for ${SECONDS} s (sent in ${sendSeconds.toFixed(1)} s) — delivered ${sorted.length}/${total}, ` +
        `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms` +
        ` (target p99 < 100 ms: ${percentile(sorted, 99) < 100 ? 'met' : 'NOT met'})`;
      results.push(line);
      process.stdout.write(`${line}\n`);
    }
    await ws.dispose();
    await outbox.close();
    process.stdout.write(
      `\nSummary (${new Date().toISOString()}, ${cpus().length} cores):\n${results.join('\n')}\n`,
    );
  } finally {
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
