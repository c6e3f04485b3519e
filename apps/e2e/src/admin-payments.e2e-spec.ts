import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { signUpByApi } from './support/sign-up';
import { describedByText, latestMail, signIn, signInAsAdmin } from './support/web-flows';

const MY_PAYMENTS = /* GraphQL */ `
  query {
    myPayments {
      id
      amount
      status
      type
      description
    }
  }
`;

describe('an admin records a cash payment for a member, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let memberClient: GraphQLClient;
  let paymentId: string;
  const memberInput = aSignUp();

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    context = await browser.newContext();
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stop?.();
  });

  const shot = (name: string, target: Page = page) =>
    target.screenshot({ path: `test-results/admin-payments-${name}.png`, fullPage: true });

  async function failWithContext(error: unknown, name: string): Promise<never> {
    await shot(`${name}-failure`).catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  const memberName = `${String(memberInput.firstName)} ${String(memberInput.lastName)}`;
  /** The billing section of the member's details drawer on /admin/users. */
  const billing = () =>
    page.getByRole('dialog', { name: memberName }).getByRole('region', { name: 'Billing' });

  async function openBilling(): Promise<void> {
    await page.goto(`${stack.gatewayUrl}/admin/users`);
    await page.getByLabel('Search users').fill(String(memberInput.email));
    await page
      .getByRole('article', { name: memberName })
      .getByRole('button', { name: `View details of ${memberName}` })
      .click();
    await billing().getByRole('heading', { name: 'Billing', level: 3 }).waitFor();
  }

  it('a member signs up (registration fee not paid yet)', async () => {
    memberClient = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    await signUpByApi(memberClient, stack, memberInput);
    const payments = await memberClient.request<{ myPayments: unknown[] }>(MY_PAYMENTS);
    expect(payments.data!.myPayments).toEqual([]);
  });

  it("the admin signs in with an authenticator code and opens the member's billing", async () => {
    await signInAsAdmin(page, stack);

    // The member's billing, in the details drawer of /admin/users.
    await openBilling().catch((error) => failWithContext(error, 'billing'));
    await billing().getByText('No payments yet.').waitFor();
    await billing().getByText('Fee Pending').waitFor();
    await expectAccessible(page, 'admin: member billing');
  });

  it('records a cash payment from the modal, by keyboard, after the form refused bad input', async () => {
    // Opened by keyboard: focus lands in the amount field.
    await page.getByRole('button', { name: 'Record offline payment' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Record offline payment' });
    await dialog.waitFor();
    const amount = dialog.getByLabel('Amount (USD)');
    await eventually(async () =>
      (await amount.evaluate((el) => el === document.activeElement)) ? true : undefined,
    );
    await expectAccessible(page, 'admin: record offline payment dialog');

    // Refused before sending: a zero amount and a date in the future, each under its field.
    await page.keyboard.type('0');
    await dialog.getByLabel('Date received').fill('2099-01-01');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please correct the errors' }).waitFor();
    expect(await describedByText(amount)).toContain('The amount must be more than $0.00');
    expect(await describedByText(dialog.getByLabel('Date received'))).toContain(
      'The payment date cannot be in the future',
    );
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page, 'admin: record offline payment dialog, with errors');
    await shot('dialog-errors');

    // Corrected, then sent with Enter from the amount field.
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    await dialog.getByLabel('Date received').fill(today);
    await dialog.getByLabel('Note').fill('Paid at the community centre office');
    await amount.fill('250');
    const sent = page.waitForRequest(
      (request) =>
        request.url().endsWith('/graphql') &&
        (request.postData() ?? '').includes('RecordOfflinePayment'),
    );
    await amount.focus();
    await page.keyboard.press('Enter');
    const request = await sent;
    const response = await request.response();
    const body = (await response!.json()) as {
      data: { recordOfflinePayment: { id: string; amount: number; method: string } };
    };
    paymentId = body.data.recordOfflinePayment.id;
    expect(body.data.recordOfflinePayment).toMatchObject({ amount: 25000, method: 'cash' });

    await page.getByText('The offline payment of $250.00 was recorded.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Refetched: the payment in the table, the fee now paid.
    const row = billing().getByRole('row').filter({ hasText: '$250.00' });
    await row.getByText('Cash').waitFor();
    await row.getByText('Completed').waitFor();
    await billing().getByText('Fee Paid').waitFor();
    await expectAccessible(page, 'admin: member billing, payment recorded');
    await shot('recorded');

    // The same submit again (a retry, a double click): the same payment, nothing more.
    const again = await page.request.post(request.url(), {
      headers: request.headers(),
      data: request.postData()!,
    });
    const replay = (await again.json()) as { data: { recordOfflinePayment: { id: string } } };
    expect(replay.data.recordOfflinePayment.id).toBe(paymentId);
    await page.reload();
    await openBilling();
    await billing().getByRole('row').filter({ hasText: '$250.00' }).first().waitFor();
    await expect(billing().getByRole('row').filter({ hasText: 'Cash' }).count()).resolves.toBe(1);
  });

  it('the member sees the payment in their history and the receipt in the bell and by email', async () => {
    const payments = await memberClient.request<{
      myPayments: {
        id: string;
        amount: number;
        status: string;
        type: string;
        description: string;
      }[];
    }>(MY_PAYMENTS);
    expect(payments.data!.myPayments).toEqual([
      {
        id: paymentId,
        amount: 25000,
        status: 'COMPLETED',
        type: 'REGISTRATION',
        description: 'Registration fee (paid in cash)',
      },
    ]);

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    try {
      await signIn(memberPage, stack, String(memberInput.email), String(memberInput.password));
      await memberPage.waitForURL((url) => url.pathname !== '/login');
      await memberPage.goto(`${stack.gatewayUrl}/payment-history`);
      const items = memberPage.getByRole('listitem').filter({ hasText: 'Payment ID:' });
      await items.first().waitFor();
      expect(await items.count()).toBe(1);
      await items.filter({ hasText: '$250.00' }).getByText('Completed').waitFor();
      await items.getByText('Registration fee (paid in cash)').first().waitFor();
      await expectAccessible(memberPage, 'member: payment history with an offline payment');
      await shot('member-history', memberPage);

      await memberPage.getByTestId('notification-bell').click();
      await memberPage
        .getByTestId('notification-item')
        .filter({ hasText: 'Payment received' })
        .filter({ hasText: '$250.00' })
        .first()
        .waitFor({ timeout: 15_000 });
      await shot('member-bell', memberPage);
    } finally {
      await memberContext.close();
    }
    const [receipt] = await latestMail(
      stack,
      String(memberInput.email),
      /For:\s+Registration fee \(paid in cash\)/,
    );
    expect(receipt).toBeTruthy();
  });
});
