import type { Browser, Page } from 'playwright-core';
import { DeadLetterMessages, ErrorCode, Messages } from '@jibs/domain';
import type { LocalStack } from '@jibs/stack';
import { gatewayHeaders } from '@jibs/subgraph';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { queryDb, signUpByApi } from './support/sign-up';
import { signInAsAdmin } from './support/web-flows';

const OPERATIONS = `{ notificationsOperations { service deadLetters { id } } }`;
const REPLAY = `mutation($id: ID!) { notificationsReplayDeadLetter(id: $id) { deadLetterId } }`;
const WELCOMES = `{ notifications { title } }`;

/**
 * The Operations page on the whole stack, in Chromium. Notifications is stopped, two members
 * sign up (their welcomes wait on the bus: the page shows the lag, and notifications as down);
 * one member's welcome is made to fail (a fault in notifications' database for that member, as
 * a bad release would), notifications comes back, that welcome is retried and dead-lettered;
 * the page shows it; the fault is removed and the admin replays it from the page: each member
 * has exactly one welcome, and no dead letter is left. The Operations fields answer only
 * admins, through the gateway and straight at the subgraph.
 */
describe('the Operations page: lag, a dead letter, replayed once', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    page = await browser.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  }, 120_000);

  const notificationsDb = () => stack.databaseUrl('notifications');
  const welcomes = async (member: GraphQLClient) => {
    const answer = await member.request<{ notifications: { title: string }[] }>(WELCOMES);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.notifications.filter((n) => n.title === Messages.welcomeTitle).length;
  };
  const refresh = () => page.getByRole('button', { name: 'Refresh' }).click();
  const section = (name: string) => page.getByRole('region', { name });

  it('answers its fields to admins only, through the gateway and straight at the subgraph', async () => {
    const visitor = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    await signUpByApi(member, stack, aSignUp());
    for (const [query, variables] of [
      [OPERATIONS, {}],
      [REPLAY, { id: 'user.registered.dlq:0:0' }],
    ] as const) {
      const asVisitor = await visitor.request(query, variables);
      expect(asVisitor.errors?.[0]?.extensions?.['code']).toBe(ErrorCode.Unauthenticated);
      const asMember = await member.request(query, variables);
      expect(asMember.errors?.[0]?.extensions?.['code']).toBe(ErrorCode.Forbidden);
      // Straight at notifications, with the gateway's credential.
      const straight = stack.service('notifications');
      const direct = async (token?: string) =>
        (await (
          await fetch(`${straight.url}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...gatewayHeaders(straight.spec.env['GATEWAY_SECRET']!),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify({ query, variables }),
          })
        ).json()) as { errors?: { extensions?: Record<string, unknown> }[] };
      expect((await direct()).errors?.[0]?.extensions?.['code']).toBe(ErrorCode.Unauthenticated);
      expect((await direct(member.accessToken)).errors?.[0]?.extensions?.['code']).toBe(
        ErrorCode.Forbidden,
      );
    }
  }, 120_000);

  it('shows the lag while notifications is down, then the dead letter; a replay from the page welcomes once', async () => {
    try {
      await signInAsAdmin(page, stack);
      await page.goto(`${stack.gatewayUrl}/admin/operations`);
      await section('Services')
        .getByRole('row', { name: /^identity/ })
        .waitFor();

      await stack.service('notifications').stop();
      const first = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
      const second = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
      await signUpByApi(first, stack, aSignUp({ firstName: 'Amina' }));
      const { user } = await signUpByApi(second, stack, aSignUp({ firstName: 'Bilal' }));
      // A fault for the second member's welcome only, until it is removed.
      await queryDb(
        notificationsDb(),
        `CREATE OR REPLACE FUNCTION e2e_welcome_fault() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.user_id = '${user.id}' AND NEW.title = '${Messages.welcomeTitle}' THEN RAISE EXCEPTION 'welcome store refused %', NEW.user_id; END IF;
           RETURN NEW;
         END $$`,
      );
      await queryDb(
        notificationsDb(),
        `CREATE TRIGGER e2e_welcome_fault BEFORE INSERT ON notifications
         FOR EACH ROW EXECUTE FUNCTION e2e_welcome_fault()`,
      );

      // Notifications is down: its row says so, the rest of the page stands, the lag shows.
      await refresh();
      const down = section('Services').getByRole('row', { name: /^notifications/ });
      await down.getByText('Down').waitFor();
      await down.getByText(Messages.serviceUnavailable).waitFor();
      const lagRow = section('Consumer lag').getByRole('row', {
        name: /notifications\.welcome user\.registered/,
      });
      await lagRow.waitFor();
      expect(Number(await lagRow.getByRole('cell').nth(2).textContent())).toBeGreaterThanOrEqual(2);
      await expectAccessible(page, 'Operations: a service down, consumer lag');

      await stack.service('notifications').start();
      await eventually(async () => (await welcomes(first)) === 1, {
        timeoutMs: 60_000,
        message: 'the first member welcomed',
      });
      const letters = section('Dead letters');
      await eventually(
        async () => {
          await refresh();
          return (await letters.getByText(user.id).count()) > 0;
        },
        { timeoutMs: 60_000, intervalMs: 1_000, message: 'the dead letter on the page' },
      );
      const row = letters.getByRole('row', { name: /notifications\.welcome/ });
      await row.getByText(/welcome store refused/).waitFor();
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('5');
      await expectAccessible(page, 'Operations: a dead letter');

      // The discard dialog: a reason is required; cancelled, nothing changes.
      await row.getByRole('button', { name: /^Discard/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Discard dead letter' });
      await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
      await dialog.getByText(DeadLetterMessages.reasonRequired).waitFor();
      await expectAccessible(page, 'Operations: discard dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The cause is fixed; the admin replays it from the page, with the keyboard.
      await queryDb(notificationsDb(), 'DROP TRIGGER e2e_welcome_fault ON notifications');
      const replay = row.getByRole('button', { name: /^Replay user\.registered/ });
      await replay.focus();
      await page.keyboard.press('Enter');
      await page.getByText(DeadLetterMessages.replayed).waitFor();
      await eventually(async () => (await welcomes(second)) === 1, {
        timeoutMs: 60_000,
        message: 'the second member welcomed after the replay',
      });
      await refresh();
      await letters.getByText('No dead letters.').waitFor();

      // Exactly one welcome each, and nothing left to replay (the API agrees with the page).
      expect(await welcomes(first)).toBe(1);
      expect(await welcomes(second)).toBe(1);
      const rows = await queryDb<{ n: number }>(
        notificationsDb(),
        `SELECT count(*)::int AS n FROM dead_letter_actions WHERE action = 'replayed'`,
      );
      expect(rows[0]!.n).toBe(1);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${logs.slice(-30).join('\n')}`);
    }
  }, 300_000);
});
