import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Browser, Page } from 'playwright-core';
import { createWebhookConsumer, type JibsEvent } from 'jibs-webhook-consumer';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { signInFirstAdminByApi } from './support/admin-api';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signInAsAdmin } from './support/web-flows';

/**
 * Outgoing webhooks against the whole stack: an admin registers the sample consumer
 * (examples/webhook-consumer) in the console, a member's payment and the review of their report
 * reach it signed, a tampered copy is refused, and a replay from the console is handled once.
 */
describe('outgoing webhooks to the sample consumer', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let page: Page;
  let server: Server;
  let endpointUrl = '';
  let secret = '';
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const handled: JibsEvent[] = [];
  const seenIds = new Set<string>();

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    page = await browser.newPage();
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        received.push({ headers: request.headers, body });
        const consumer = createWebhookConsumer({
          secret,
          seen: {
            has: async (id) => seenIds.has(id),
            add: async (id) => void seenIds.add(id),
          },
          handle: async (event) => void handled.push(event),
        });
        const copy = Object.assign(Readable.from([body]), {
          method: request.method,
          headers: request.headers,
        });
        void consumer(copy as never, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpointUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jibs`;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await stop?.();
  });

  async function failWith(error: unknown): Promise<never> {
    await page
      .screenshot({ path: 'test-results/webhooks-failure.png', fullPage: true })
      .catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  const handledOf = (type: string) => handled.filter((event) => event.type === type);

  it('delivers a payment and a report review signed, refuses a tampered copy, and handles a replay once', async () => {
    try {
      const totpSecret = await signInAsAdmin(page, stack);
      const signedInAt = Date.now();
      await page.goto(`${stack.gatewayUrl}/admin/webhooks`);
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await expectAccessible(page, 'admin webhooks');

      // A careless admin first: nothing chosen, no address.
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      await page.getByText('Enter the endpoint address').waitFor();
      await page.getByText('Choose at least one event').waitFor();

      await page.getByLabel('Endpoint address').fill(endpointUrl);
      await page.getByLabel('payment.completed').check();
      await page.getByLabel('report.reviewed').check();
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      const shownSecret = page.getByText(/^whsec_/);
      await shownSecret.waitFor();
      secret = (await shownSecret.textContent())!.trim();
      await expectAccessible(page, 'admin webhooks: secret shown once');

      // A member pays the registration fee and reports a death; the admin approves it.
      const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
      const signedUp = await signUpByApi(member, stack, aSignUp());
      await payRegistrationByApi(member, stack, signedUp.user.id);
      await eventually(async () => (handledOf('payment.completed').length > 0 ? true : undefined), {
        timeoutMs: 30_000,
        message: 'payment.completed at the consumer',
      });
      const submitted = await member.request<{ submitDeathReport: { id: string } }>(
        `mutation ($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { id } }`,
        {
          input: {
            deceasedName: 'Yusuf Karim',
            dateOfDeath: new Date().toISOString().slice(0, 10),
            placeOfDeath: 'Springfield General Hospital',
            relationshipToDeceased: 'Parent',
          },
        },
      );
      if (submitted.errors) throw new Error(JSON.stringify(submitted.errors));
      // An authenticator code is taken once: the API sign-in waits for the next one.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, signedInAt + 31_000 - Date.now())),
      );
      const { client: admin } = await signInFirstAdminByApi(stack, totpSecret);
      const reviewed = await admin.request(
        `mutation ($id: ID!) { reviewDeathReport(id: $id, decision: APPROVED, adminNotes: "We will call you today.") { id } }`,
        { id: submitted.data!.submitDeathReport.id },
      );
      if (reviewed.errors) throw new Error(JSON.stringify(reviewed.errors));
      await eventually(async () => (handledOf('report.reviewed').length > 0 ? true : undefined), {
        timeoutMs: 30_000,
        message: 'report.reviewed at the consumer',
      });
      const [payment] = handledOf('payment.completed');
      expect(payment).toMatchObject({
        subject: signedUp.user.id,
        data: { userId: signedUp.user.id, type: 'registration' },
      });
      expect(handledOf('report.reviewed')[0]).toMatchObject({
        data: { reportId: submitted.data!.submitDeathReport.id, status: 'approved' },
      });
      // Only the chosen events: the member's sign-up and verification were not sent.
      expect(new Set(handled.map((event) => event.type))).toEqual(
        new Set(['payment.completed', 'report.reviewed']),
      );

      // A tampered copy of a real delivery is refused and changes nothing.
      const original = received.find((request) => request.headers['webhook-id'] === payment.id)!;
      const tampered = original.body.toString().replace(/"amount":\d+/, '"amount":1');
      const answer = await fetch(endpointUrl, {
        method: 'POST',
        body: tampered,
        headers: {
          'webhook-id': String(original.headers['webhook-id']),
          'webhook-timestamp': String(original.headers['webhook-timestamp']),
          'webhook-signature': String(original.headers['webhook-signature']),
        },
      });
      expect(answer.status).toBe(401);

      // Replayed from the console: it arrives again and is handled once.
      const copiesOf = (id: string) =>
        received.filter((request) => request.headers['webhook-id'] === id).length;
      const before = copiesOf(payment.id);
      await page.reload();
      await page
        .getByRole('button', { name: `Send again: payment.completed ${payment.id}` })
        .click();
      await page.getByText('Delivery queued to be sent again').waitFor();
      await eventually(async () => (copiesOf(payment.id) === before + 1 ? true : undefined), {
        timeoutMs: 30_000,
        message: 'the replayed delivery',
      });
      expect(handledOf('payment.completed')).toHaveLength(1);
      expect(handledOf('report.reviewed')).toHaveLength(1);
      await expectAccessible(page, 'admin webhooks: deliveries');
    } catch (error) {
      await failWith(error);
    }
  }, 300_000);
});
