import { cpus, loadavg } from 'node:os';
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

const USERS = Number(process.env.BENCH_USERS ?? 20);

interface Member {
  id: string;
  email: string;
  accessToken: string;
}

async function signUp(gatewayUrl: string, email: string): Promise<Member> {
  const res = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($input: SignUpInput!) { signUp(input: $input) { accessToken user { id } } }',
      variables: { input: aBenchSignUp(email) },
    }),
  });
  const { data } = (await res.json()) as {
    data: { signUp: { accessToken: string; user: { id: string } } };
  };
  return { id: data.signUp.user.id, email, accessToken: data.signUp.accessToken };
}

async function main(): Promise<void> {
  const { stack, stop } = await startBenchStack();
  try {
    // Several members, each with an open subscription, as on a real evening: events for
    // different members flow in parallel, each member's own events in order.
    const members = await Promise.all(
      Array.from({ length: USERS }, (_, i) =>
        signUp(stack.gatewayUrl, `bench.${i}.${Date.now()}@example.com`),
      ),
    );
    const committedAt = new Map<string, number>();
    const deliveredAt = new Map<string, number>();
    let onDelivered: (() => void) | undefined;
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
            onDelivered?.();
          },
          error: (error) => process.stderr.write(`subscription error: ${JSON.stringify(error)}\n`),
          complete: () => undefined,
        },
      );
      return client;
    });
    const outbox = await openIdentityOutbox(stack.databaseUrl('identity'));
    const publish = async (key: string, member: Member) => {
      await outbox.publishRegistered({
        id: member.id,
        email: member.email,
        firstName: key,
        lastName: 'User',
      });
      committedAt.set(key, performance.now());
    };

    // Warm up until every subscription delivers (each is live once one event comes through).
    for (let attempt = 0; ; attempt++) {
      const keys = members.map((_, i) => `b0-${attempt}-${i}`);
      await Promise.all(keys.map((key, i) => publish(key, members[i]!)));
      const deadline = performance.now() + 2_000;
      while (performance.now() < deadline && !keys.every((key) => deliveredAt.has(key))) {
        await new Promise((r) => setTimeout(r, 20));
      }
      if (keys.every((key) => deliveredAt.has(key))) break;
      if (attempt > 10) throw new Error('the subscriptions never delivered');
    }

    const results: string[] = [];
    for (const rate of RATES) {
      const total = rate * SECONDS;
      const interval = 1000 / rate;
      const keys = Array.from({ length: total }, (_, i) => `b${rate}-${i}`);
      let remaining = total;
      const allDelivered = new Promise<void>((done) => {
        onDelivered = () => {
          remaining -= 1;
          if (remaining <= 0) done();
        };
      });
      const start = performance.now();
      for (let i = 0; i < total; i++) {
        const wait = start + i * interval - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        void publish(keys[i]!, members[i % members.length]!);
      }
      const sendSeconds = (performance.now() - start) / 1000;
      await Promise.race([allDelivered, new Promise((r) => setTimeout(r, 30_000))]);
      onDelivered = undefined;
      // A delivery can be seen a moment before the publisher hears its commit returned: 0.
      const sorted = keys
        .filter((key) => deliveredAt.has(key) && committedAt.has(key))
        .map((key) => Math.max(0, deliveredAt.get(key)! - committedAt.get(key)!))
        .sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const line =
        `events: ${rate}/s for ${SECONDS} s across ${USERS} members (sent in ${sendSeconds.toFixed(1)} s) — delivered ${sorted.length}/${total}, ` +
        `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms` +
        ` (target p99 < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'})`;
      results.push(line);
      process.stdout.write(`${line}\n`);
    }
    await Promise.all(clients.map((client) => client.dispose()));
    await outbox.close();
    process.stdout.write(
      `\nSummary (${new Date().toISOString()}, ${cpus().length} cores, Postgres synchronous_commit=${process.env.JIBS_PG_SYNCHRONOUS_COMMIT === 'off' ? 'off' : 'on'}, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}):\n${results.join('\n')}\n`,
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
