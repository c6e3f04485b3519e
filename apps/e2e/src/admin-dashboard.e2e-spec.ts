import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signInAsAdmin } from './support/web-flows';

const PAYMENTS = `{ myPayments { amount status type } }`;
const SUBMIT_REPORT = /* GraphQL */ `
  mutation Submit($input: SubmitDeathReportInput!) {
    submitDeathReport(input: $input) {
      id
      status
    }
  }
`;

interface DashboardNumbers {
  totalUsers: number;
  pendingReviews: number;
  revenueCents: number;
  deathReports: number;
}

/** '$1,234.50' → 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

describe('the admin dashboard, analytics and audit trail, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let before: DashboardNumbers;
  let paidCents = 0;
  const memberInput = aSignUp({ firstName: 'Khadija', lastName: `Audit${Date.now() % 100000}` });
  const memberName = `${String(memberInput['firstName'])} ${String(memberInput['lastName'])}`;
  const deceasedName = `Ibrahim Saleh ${Date.now().toString(36)}`;

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

  const shot = (name: string) =>
    page.screenshot({ path: `test-results/admin-dashboard-${name}.png`, fullPage: true });

  async function failWithContext(error: unknown, name: string): Promise<never> {
    await shot(`${name}-failure`).catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  /** The four stat cards' numbers, once loaded. */
  async function readDashboard(): Promise<DashboardNumbers> {
    const value = page.getByTestId('stat-total-users-value');
    await eventually(async () => /^\d+$/.test((await value.textContent()) ?? ''), {
      timeoutMs: 20_000,
      message: 'the dashboard numbers',
    }).catch((error) => failWithContext(error, 'dashboard-numbers'));
    const text = async (id: string) => (await page.getByTestId(id).textContent()) ?? '';
    return {
      totalUsers: Number(await text('stat-total-users-value')),
      pendingReviews: Number(await text('stat-pending-reviews-value')),
      revenueCents: cents(await text('stat-total-revenue-value')),
      deathReports: Number(await text('stat-death-reports-value')),
    };
  }

  it('the admin signs in with an authenticator code and reads the dashboard', async () => {
    await signInAsAdmin(page, stack);

    await page.goto(`${stack.gatewayUrl}/admin`);
    await page
      .getByRole('heading', { name: 'Admin Dashboard' })
      .waitFor()
      .catch((error) => failWithContext(error, 'dashboard'));
    before = await readDashboard();
    // The admin's own account at least.
    expect(before.totalUsers).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('stat-total-revenue-note').textContent()).resolves.toBe(
      'All-time payments',
    );
    await page.getByText(/^\d+ active members$/).waitFor();
    await page.getByText('No admin activity yet.').waitFor();
    await expectAccessible(page, 'admin: dashboard');
  });

  it('a member registers, pays the registration fee and reports a death through the API', async () => {
    const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(member, stack, memberInput);
    await payRegistrationByApi(member, stack, user.id);
    const payments = await eventually(
      async () => {
        const result = await member.request<{
          myPayments: { amount: number; status: string; type: string }[];
        }>(PAYMENTS);
        const list = result.data?.myPayments ?? [];
        return list.length > 0 ? list : undefined;
      },
      { timeoutMs: 20_000, message: "the member's payment" },
    );
    expect(payments).toEqual([
      { amount: expect.any(Number), status: 'COMPLETED', type: 'REGISTRATION' },
    ]);
    paidCents = payments[0]!.amount;
    expect(paidCents).toBeGreaterThan(0);

    const report = await member.request<{ submitDeathReport: { status: string } }>(SUBMIT_REPORT, {
      input: {
        deceasedName,
        dateOfDeath: '2026-01-15',
        placeOfDeath: 'Dearborn, MI',
        relationshipToDeceased: 'Parent',
        additionalNotes: 'Janazah after Dhuhr.',
      },
    });
    expect(report.errors).toBeUndefined();
  });

  it('the dashboard shows exactly what was created: one user, one pending review and report, the fee', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const after = await readDashboard();
    expect(after).toEqual({
      totalUsers: before.totalUsers + 1,
      pendingReviews: before.pendingReviews + 1,
      revenueCents: before.revenueCents + paidCents,
      deathReports: before.deathReports + 1,
    });
    await shot('dashboard');
  });

  it('an approval on /admin/death-reports appears in the audit trail and Recent Activity', async () => {
    await page.getByRole('link', { name: 'Review Now' }).click();
    await page.waitForURL('**/admin/death-reports');
    const card = page.getByRole('article', { name: deceasedName });
    await card.waitFor().catch((error) => failWithContext(error, 'death-reports'));
    await card.getByRole('button', { name: `Approve report on ${deceasedName}` }).click();
    await page.getByText('Death report approved successfully').first().waitFor();

    // The sidebar's Audit Trail, under System.
    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await page.waitForURL('**/admin/audit');
    await page.getByRole('heading', { name: 'Audit Trail', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Audit trail entries' });
    const row = table.getByRole('row').filter({ hasText: 'Death report approved' });
    // The trail is fed by the bus: a moment after the approval.
    await eventually(
      async () => {
        if ((await row.count()) > 0) return true;
        await page.reload();
        await page.getByRole('heading', { name: 'Audit Trail', level: 1 }).waitFor();
        return false;
      },
      { timeoutMs: 20_000, message: 'the approval in the audit trail' },
    ).catch((error) => failWithContext(error, 'audit'));
    await expect(row.first().textContent()).resolves.toContain(memberName);
    await expect(row.first().textContent()).resolves.toContain('status: pending → approved');
    await expect(row.first().textContent()).resolves.toContain('Cases');

    // Filtered to another service, it is gone; back to all, it is there.
    await page.getByLabel('Action').fill('document.approved');
    await page.getByText('No audit entries found.').waitFor();
    await page.getByLabel('Action').fill('death_report.approved');
    await row.first().waitFor();
    await expectAccessible(page, 'admin: audit trail');
    await shot('audit');

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const activity = page.getByRole('list', { name: 'Latest admin actions' });
    await activity.getByText('Death report approved').first().waitFor();
    await expect(activity.textContent()).resolves.toContain(memberName);
    // Approved: one review fewer pending.
    const now = await readDashboard();
    expect(now.pendingReviews).toBe(before.pendingReviews);
    expect(now.deathReports).toBe(before.deathReports);
  });

  it('the analytics page charts the last 12 months, each with its numbers as a table', async () => {
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL('**/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    for (const title of [
      'Revenue per month',
      'Members by status',
      'New registrations per month',
      'Death reports per month',
      'Failed renewals per month',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
      // 12 months plus the header row.
      await expect(page.getByRole('table', { name: title }).getByRole('row').count()).resolves.toBe(
        13,
      );
    }
    const thisMonth = page
      .getByRole('table', { name: 'Death reports per month' })
      .getByRole('row')
      .last();
    const cells = await thisMonth.getByRole('cell').allTextContents();
    expect(Number(cells[0])).toBeGreaterThanOrEqual(1);
    expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
    const revenue = page.getByRole('table', { name: 'Revenue per month' }).getByRole('row').last();
    expect(cents((await revenue.getByRole('cell').allTextContents())[0]!)).toBeGreaterThanOrEqual(
      paidCents,
    );
    await expectAccessible(page, 'admin: analytics');
    await shot('analytics');
  });
  it('the Notifications card opens what was sent: the receipt email and the in-app notice', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/admin/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Sent messages' });
    const receipt = table
      .getByRole('row')
      .filter({ hasText: `Receipt: ${(paidCents / 100).toFixed(2)} USD` });
    const approved = table.getByRole('row').filter({ hasText: 'Death Report Approved' });
    await eventually(
      async () => {
        if ((await receipt.count()) > 0 && (await approved.count()) > 0) return true;
        await page.reload();
        await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
        return false;
      },
      { timeoutMs: 20_000, message: 'the receipt and the approval notice' },
    ).catch((error) => failWithContext(error, 'notifications'));
    await expect(receipt.first().textContent()).resolves.toContain(memberName);
    await expect(receipt.first().textContent()).resolves.toMatch(/Sent|Pending/);
    await expect(approved.first().textContent()).resolves.toContain('In-app');
    await shot('notifications');
    // Filtered to SMS: notifications sends none.
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'SMS', exact: true }).click();
    await page.getByText('Nothing was sent that matches.').waitFor();
    await expectAccessible(page, 'admin: notifications sent');
  });
});
