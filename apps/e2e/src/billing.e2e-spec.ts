import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { latestMail, signUpInBrowser } from './support/web-flows';

const PAYS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

describe('household, fees, sandbox checkout, dues and the dashboard, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([
      startE2eStack({ shared: true }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  /** Steps 1 and 2 as a new member: the details, then the emailed code creates the account. */
  async function registerAndVerify(): Promise<string> {
    const input = aSignUp();
    await signUpInBrowser(page, stack, input);
    await expectAccessible(page, 'register: household members');
    return String(input.email);
  }

  async function addMember(
    index: number,
    member: { firstName: string; dateOfBirth: string; relationship: string },
  ): Promise<void> {
    await page.getByRole('button', { name: 'Add household member' }).click();
    const card = page.getByRole('region', { name: `Household member ${index}` });
    await card.getByLabel('First name').fill(member.firstName);
    await card.getByLabel('Last name').fill('Rahman');
    await card.getByLabel('Date of birth').fill(member.dateOfBirth);
    await card.getByRole('combobox', { name: 'Relationship' }).click();
    await page.getByRole('option', { name: member.relationship, exact: true }).click();
  }

  /** The side summary's figure on the right of `label`. */
  const summaryFigure = (label: string) =>
    page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

  async function payOnSandboxPage(card: string, on: Page = page): Promise<void> {
    await on.waitForURL('**/sandbox/checkout/**');
    await on.getByLabel('Card number').waitFor();
    await expectAccessible(on, 'sandbox checkout');
    await on.getByLabel('Card number').fill(card);
    await on.getByRole('button', { name: /^Pay / }).click();
  }

  /** A stat card's value on the dashboard. */
  const statCard = (label: string) =>
    page.locator('.mantine-Card-root', { has: page.getByText(label, { exact: true }) });

  it('registers a household of three, pays the registration fee and dues, and lands on an active dashboard', async () => {
    const email = await registerAndVerify();

    await addMember(1, { firstName: 'Yusuf', dateOfBirth: '1982-06-01', relationship: 'Spouse' });
    await addMember(2, { firstName: 'Maryam', dateOfBirth: '2014-09-15', relationship: 'Child' });
    await page
      .getByLabel('I certify that this child is unmarried and not working full-time')
      .check();
    await page
      .getByLabel('I certify that all household members live at the same address as me')
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: what billing computed from the stored household.
    await page.getByRole('heading', { name: 'Registration Payment' }).first().waitFor();
    await expectText(summaryFigure('Registration total'), '$225.00');
    await expectText(
      page.getByText('Due Today', { exact: true }).locator('xpath=following-sibling::*[1]'),
      '$250.00',
    );
    await expectAccessible(page, 'register: registration payment');
    await page.screenshot({ path: 'test-results/billing-step4.png', fullPage: true });

    // The household is stored: a reload shows the same fee.
    await page.reload();
    await expectText(summaryFigure('Registration total'), '$225.00');

    await page.getByRole('button', { name: 'Pay $225.00' }).click();
    await payOnSandboxPage(PAYS);
    await page.waitForURL('**/registration-payment-success**');
    await page.getByText('Payment Successful!').waitFor();
    await expectAccessible(page, 'registration payment successful');
    await page.getByRole('link', { name: 'Continue to Membership Setup' }).click();

    await page.getByRole('button', { name: /^Set Up Monthly Dues/ }).waitFor();
    await expectAccessible(page, 'register: membership setup');
    await page.getByRole('button', { name: /^Set Up Monthly Dues/ }).click();
    await payOnSandboxPage(PAYS);

    // /payment-success waits for billing, then the dashboard with the welcome.
    await page.waitForURL('**/dashboard**', { timeout: 30_000 });
    await page.getByText('Registration Complete!').first().waitFor();
    await visible(statCard('Total Payments').getByText('$250.00'));
    await visible(statCard('Monthly Dues').getByText('$25.00'));
    await page.getByText('Membership status:').locator('..').getByText('Active').waitFor();
    await expectAccessible(page, 'dashboard, active');
    await page.screenshot({ path: 'test-results/billing-dashboard.png', fullPage: true });

    await page.goto(`${stack.gatewayUrl}/payment-history`);
    const payments = page.getByRole('listitem').filter({ hasText: 'Payment ID:' });
    await payments.first().waitFor();
    expect(await payments.count()).toBe(2);
    await visible(payments.filter({ hasText: '$225.00' }).getByText('Completed'));
    await visible(payments.filter({ hasText: '$25.00' }).getByText('Completed'));
    await page.getByRole('button', { name: 'Export' }).waitFor();
    await expectAccessible(page, 'payment history');
    await page.screenshot({ path: 'test-results/billing-history.png', fullPage: true });

    const [receipt] = await latestMail(stack, email, /Amount:\s+\$225\.00/);
    expect(receipt).toBeTruthy();

    // The local stack's stand-in for a month passing: one failed renewal is recorded as failed
    // and, alone, leaves the membership active (three in a row would not).
    await page.goto(`${stack.gatewayUrl}/testing`);
    await page.getByRole('button', { name: 'Run renewal: failed' }).click();
    await page.getByText('Renewal failed: $25.00 was not paid.').waitFor();
    await expectAccessible(page, 'testing interface, member');
    await page.goto(`${stack.gatewayUrl}/payment-history`);
    await visible(payments.filter({ hasText: '$25.00' }).getByText('Failed'));
    expect(await payments.count()).toBe(3);
    await page.goto(`${stack.gatewayUrl}/dashboard`);
    await page.getByText('Membership status:').locator('..').getByText('Active').waitFor();

    // A dependent parent added on the profile: the payment modal, the checkout in a tab of its
    // own, a confirmation there, and the profile's list turning to 'Paid' without a reload.
    await page.goto(`${stack.gatewayUrl}/profile`);
    await page.getByRole('heading', { name: 'Add a household member' }).waitFor();
    await expectAccessible(page, 'profile');
    const form = page.locator('form', {
      has: page.getByRole('heading', { name: 'Add a household member' }),
    });
    await form.getByLabel('First name').fill('Amina');
    await form.getByLabel('Last name').fill('Rahman');
    await form.getByRole('combobox', { name: 'Relationship' }).click();
    await page.getByRole('option', { name: 'Parent', exact: true }).click();
    await form.getByLabel('Date of birth').fill('1950-03-02');
    await form.getByLabel('This parent is financially dependent on you').check();
    await form.getByLabel('I certify that this person lives at the same address as me').check();
    await form.getByRole('button', { name: 'Add household member' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment Required' });
    await modal.getByText('Pay to add Amina Rahman to your household').waitFor();
    await expectAccessible(page, 'profile: payment required dialog');
    const amina = page.getByRole('listitem').filter({ hasText: 'Amina Rahman' });
    await visible(amina.getByText('Payment due', { exact: true }));
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('button', { name: 'Pay $25.00' }).click(),
    ]);
    await payOnSandboxPage(PAYS, tab);
    await tab.waitForURL('**/payment-success**');
    await tab.getByText('Your household member is now covered by your membership.').waitFor();
    await tab.getByRole('link', { name: 'Back to Profile' }).waitFor();
    await expectAccessible(tab, 'household member payment successful');
    expect(tab.url()).toContain('/payment-success');
    await tab.screenshot({ path: 'test-results/billing-member-paid.png', fullPage: true });
    await tab.close();

    await visible(amina.getByText('Paid', { exact: true }));
    await page.getByText('Amina Rahman is now covered by your membership.').waitFor();
    await expectAccessible(page, 'profile: household member paid');
    await page.screenshot({ path: 'test-results/billing-profile-household.png', fullPage: true });
    await page.goto(`${stack.gatewayUrl}/payment-history`);
    await payments.first().waitFor();
    expect(await payments.count()).toBe(4);
    await visible(payments.filter({ hasText: 'Household member fee: Amina Rahman' }));
    await latestMail(stack, email, /For:\s+Household member fee: Amina Rahman/);
    // The whole journey, two checkouts, a renewal and a member's fee: longer than one step.
  }, 240_000);

  it('leaves nothing paid after a declined card, and lets the member try again', async () => {
    await registerAndVerify();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Registration Payment' }).first().waitFor();
    await expectText(summaryFigure('Registration total'), '$175.00');

    await page.getByRole('button', { name: 'Pay $175.00' }).click();
    await payOnSandboxPage(DECLINED);
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await expectAccessible(page, 'sandbox checkout: declined');

    // Leaving the checkout: nothing was charged, and the retry is offered.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/payment-cancelled**');
    await page.getByText('Your payment was cancelled and no charges were made.').waitFor();
    await expectAccessible(page, 'payment cancelled');
    // The member screens stay closed: the fee is not paid.
    await page.goto(`${stack.gatewayUrl}/dashboard`);
    await page.waitForURL('**/register**');
    await page.getByRole('heading', { name: 'Household Members' }).first().waitFor();
    await page.goto(`${stack.gatewayUrl}/payment-cancelled?session_id=x`);
    await page.getByRole('link', { name: 'Retry Registration Payment' }).click();
    await page.getByRole('heading', { name: 'Registration Payment' }).first().waitFor();

    await page.getByRole('button', { name: 'Pay $175.00' }).click();
    await payOnSandboxPage(PAYS);
    await page.getByText('Payment Successful!').waitFor();
    await expectAccessible(page, 'registration payment successful, after a retry');
  });
});

type Locator = ReturnType<Page['locator']>;

/** Waits until the locator shows, failing the test with what it waited for. */
async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** Waits until the locator's text is `expected`; fails with the text last seen. */
async function expectText(locator: Locator, expected: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let actual: string | null = null;
  while (Date.now() < deadline) {
    actual =
      (
        await locator
          .first()
          .textContent({ timeout: 5_000 })
          .catch(() => null)
      )?.trim() ?? null;
    if (actual === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(actual).toBe(expected);
}
