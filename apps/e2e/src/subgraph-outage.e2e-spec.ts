import { ErrorCode, Messages } from '@jibs/domain';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { signUpByApi } from './support/sign-up';

const ME = 'query Me { me { id email } }';
const SETTINGS = 'query Settings { publicSettings { siteName } }';
const HOUSEHOLD = 'query Household { myHousehold { id } }';

/**
 * One subgraph (billing) stopped under traffic on the whole stack: what does not need it keeps
 * working, the gateway stays ready, its fields answer SERVICE_UNAVAILABLE; restarted, they work.
 */
describe('one subgraph stopped under load', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let member: GraphQLClient;

  beforeAll(async () => {
    ({ stack, stop } = await startE2eStack());
    member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    await signUpByApi(member, stack, aSignUp());
  });

  afterAll(async () => {
    await stop?.();
  });

  it('serves the rest, stays ready, answers billing SERVICE_UNAVAILABLE, and recovers', async () => {
    const seen = { me: [] as unknown[], settings: [] as unknown[], ready: [] as number[] };
    const pages: number[] = [];
    let running = true;
    /** Queries and page loads through the gateway, back to back, for the whole test. */
    const load = (async () => {
      while (running) {
        const [me, settings, ready, page] = await Promise.all([
          member.request(ME),
          new GraphQLClient(`${stack.gatewayUrl}/graphql`).request(SETTINGS),
          fetch(`${stack.gatewayUrl}/health/ready`).then((res) => res.status),
          fetch(`${stack.gatewayUrl}/`, { headers: { accept: 'text/html' } }).then(
            (res) => res.status,
          ),
        ]);
        seen.me.push(me.errors ?? 'ok');
        seen.settings.push(settings.errors ?? 'ok');
        seen.ready.push(ready);
        pages.push(page);
      }
    })();

    let first, during, mixed, after;
    try {
      first = await member.request(HOUSEHOLD);
      await stack.service('billing').stop();
      const before = seen.ready.length;
      during = await member.request(HOUSEHOLD);
      await eventually(async () => seen.ready.length >= before + 10, {
        timeoutMs: 20_000,
        message: 'traffic while billing is down',
      });
      mixed = await member.request('query Both { me { id } myHousehold { id } }');
      await stack.service('billing').start();
      after = await eventually(
        async () => {
          const answer = await member.request(HOUSEHOLD);
          return answer.errors ? undefined : answer;
        },
        { timeoutMs: 30_000, message: 'billing answering again' },
      );
    } finally {
      running = false;
      await load;
    }

    expect(first.data).toEqual({ myHousehold: [] });
    expect(during.status).toBe(200);
    expect(during.errors).toEqual([
      expect.objectContaining({
        message: Messages.serviceUnavailable,
        extensions: { code: ErrorCode.ServiceUnavailable },
      }),
    ]);
    // myHousehold is non-null, so that query's data is null; the code is still the outage's.
    expect(mixed.errors?.map((error) => error.extensions?.['code'])).toEqual([
      ErrorCode.ServiceUnavailable,
    ]);
    // Everything that does not need billing answered, before, during and after; the gateway
    // never left the load balancer.
    expect(new Set(seen.me)).toEqual(new Set(['ok']));
    expect(new Set(seen.settings)).toEqual(new Set(['ok']));
    expect(new Set(pages)).toEqual(new Set([200]));
    expect(new Set(seen.ready)).toEqual(new Set([200]));
    expect(after.data).toEqual({ myHousehold: [] });
  });
});
