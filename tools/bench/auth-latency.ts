import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gatewayHeaders } from '@jibs/subgraph';
import {
  describeLoad,
  graphql,
  knob,
  runLoad,
  signUpBenchMember,
  SMOKE,
  startBenchStack,
} from './bench-support';

/**
 * `npm run bench:auth`: sign-in and `me` latency and throughput through the gateway on the
 * local stack, and the same `me` sent straight to identity, in one run. Sign-in is dominated
 * by argon2id (19 MiB, t=2) by design; `me` shows what the gateway's hop costs.
 */
const USERS = knob('BENCH_USERS', 8, 2);
const SIGN_INS = knob('BENCH_SIGN_INS', 64, 4);
const ME_CALLS = knob('BENCH_ME_CALLS', 2000, 20);
const CONCURRENCY = knob('BENCH_CONCURRENCY', 8, 2);
const WARM_UP = SMOKE ? 10 : 100;

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { __typename } }`;
const ME = '{ me { id email firstName role } }';

async function main(): Promise<void> {
  const { stack, stop } = await startBenchStack();
  try {
    const gateway = `${stack.gatewayUrl}/graphql`;
    const identity = `${stack.service('identity').url}/graphql`;
    // Identity answers only the gateway: the direct calls carry its credential, as it would.
    const { gatewaySecret } = JSON.parse(
      readFileSync(join(stack.options.dataDir, 'secrets.json'), 'utf8'),
    ) as { gatewaySecret: string };
    const asGateway = gatewayHeaders(gatewaySecret, '127.0.0.1');
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const email = `auth-bench-${i}-${Date.now()}@example.com`;
        const member = await signUpBenchMember(stack.gatewayUrl, stack.mailboxUrl, email);
        return { email, token: member.accessToken };
      }),
    );
    // Warm-up: connections, JIT, the gateway's query plan cache.
    await runLoad(
      WARM_UP,
      4,
      async (i) => !(await graphql(gateway, ME, undefined, users[i % USERS]!.token)).errors,
    );
    await runLoad(
      WARM_UP,
      4,
      async (i) =>
        !(await graphql(identity, ME, undefined, users[i % USERS]!.token, asGateway)).errors,
    );

    const signIn = await runLoad(SIGN_INS, Math.min(CONCURRENCY, 4), async (i) => {
      const user = users[i % USERS]!;
      return !(
        await graphql(gateway, SIGN_IN, {
          input: { email: user.email, password: 'bench-password' },
        })
      ).errors;
    });
    const meGateway = await runLoad(
      ME_CALLS,
      CONCURRENCY,
      async (i) => !(await graphql(gateway, ME, undefined, users[i % USERS]!.token)).errors,
    );
    const meDirect = await runLoad(
      ME_CALLS,
      CONCURRENCY,
      async (i) =>
        !(await graphql(identity, ME, undefined, users[i % USERS]!.token, asGateway)).errors,
    );

    const lines = [
      describeLoad('signIn via gateway', signIn),
      describeLoad('me via gateway', meGateway),
      describeLoad('me straight to identity', meDirect),
      `gateway overhead on me: p50 +${(meGateway.p50 - meDirect.p50).toFixed(1)} ms, throughput ${(meGateway.count / meGateway.seconds / (meDirect.count / meDirect.seconds)).toFixed(2)}x of direct`,
    ];
    process.stdout.write(
      `\nauth benchmark (${new Date().toISOString()}, ${cpus().length} cores, concurrency ${CONCURRENCY}):\n${lines.join('\n')}\n`,
    );
    // A failed call fails the run (the smoke mode's check; the figures are printed first).
    if (signIn.errors + meGateway.errors + meDirect.errors) process.exitCode = 1;
  } finally {
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
