import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signInAsAdmin, tabTo } from './support/web-flows';

const MY_PAYMENTS = `{ myPayments { id amount currency status type createdAt } }`;
const SUBMIT_REPORT = `mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { id } }`;
const BACKUP = `{ me { id } myDeathReports { id deceasedName dateOfDeath placeOfDeath relationshipToDeceased additionalNotes } }`;
const RESTORE = `mutation($reports: [RestoreDeathReportInput!]!) { restoreMyDeathReports(reports: $reports) }`;

interface Payment {
  id: string;
  amount: number;
  currency: string;
  status: string;
  type: string;
  createdAt: string;
}

/** Parses RFC 4180 CSV (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

describe('admin exports and member backup, end to end', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let member: GraphQLClient;
  let memberId: string;
  let payments: Payment[];

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stop?.();
  });

  const shot = (name: string) => page.screenshot({ path: `test-results/exports-${name}.png` });

  async function failWithContext(error: unknown, name: string): Promise<never> {
    await shot(`${name}-failure`).catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  it('a member pays the registration fee on the sandbox checkout', async () => {
    member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(member, stack, aSignUp());
    memberId = user.id;
    await payRegistrationByApi(member, stack, user.id);
    payments = await eventually(async () => {
      const list = (await member.request<{ myPayments: Payment[] }>(MY_PAYMENTS)).data?.myPayments;
      return list && list.length > 0 ? list : null;
    });
    expect(payments.map((p) => [p.amount, p.status, p.type])).toEqual([
      [17500, 'COMPLETED', 'REGISTRATION'],
    ]);
  });

  it('refuses the export to anonymous callers and members', async () => {
    const anonymous = await fetch(`${stack.gatewayUrl}/api/export/admin/payments?format=csv`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const asMember = await fetch(`${stack.gatewayUrl}/api/export/admin/payments?format=csv`, {
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('the admin exports payments as CSV from the dialog, and the rows are what was paid', async () => {
    await signInAsAdmin(page, stack);

    await page.goto(`${stack.gatewayUrl}/admin/exports`);
    await page
      .getByRole('heading', { name: 'Data Export', level: 1 })
      .waitFor()
      .catch((error) => failWithContext(error, 'page'));
    await expectAccessible(page, 'admin: data export');
    await shot('page');

    // By keyboard: Tab to the payments card's button, Enter opens the dialog.
    await tabTo(page, page.getByRole('button', { name: 'Export Payments' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export Payments' });
    await dialog.waitFor();
    await expectAccessible(page, 'admin: export dialog');

    // A start after the end is announced, and Export stays disabled.
    await dialog.getByLabel('Only rows created within a date range').check();
    await dialog.getByLabel('Start date').fill('2025-02-01');
    await dialog.getByLabel('End date').fill('2025-01-01');
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The start date cannot be after the end date' })
      .waitFor();
    await expect(dialog.getByRole('button', { name: 'Export' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page, 'admin: export dialog with a range error');
    await dialog.getByLabel('Only rows created within a date range').uncheck();
    await shot('dialog');

    // Exported by keyboard too: Tab to Export, Enter.
    const downloading = page.waitForEvent('download');
    await tabTo(page, dialog.getByRole('button', { name: 'Export', exact: true }));
    await page.keyboard.press('Enter');
    const download = await downloading;
    const filename = download.suggestedFilename();
    expect(filename).toMatch(/^jibs-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText('Export Successful').first().waitFor();
    await page.getByText(`Data exported as ${filename}`).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header).toEqual([
      'id',
      'user_id',
      'created_at',
      'amount',
      'currency',
      'status',
      'payment_type',
      'description',
      'stripe_payment_intent_id',
    ]);
    const records = rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]])));
    const mine = records.filter((record) => record['user_id'] === memberId);
    expect(
      mine.map((r) => [r['id'], r['amount'], r['currency'], r['status'], r['payment_type']]),
    ).toEqual(
      payments.map((p) => [p.id, String(p.amount), p.currency, 'completed', 'registration']),
    );
    expect(new Date(mine[0]!['created_at']!).getTime()).toBe(
      new Date(payments[0]!.createdAt).getTime(),
    );
    // Only the member paid in this stack.
    expect(records).toHaveLength(mine.length);
  });

  it("a member's backup restored at once restores nothing (nothing is missing)", async () => {
    const submitted = await member.request<{ submitDeathReport: { id: string } }>(SUBMIT_REPORT, {
      input: {
        deceasedName: 'Ibrahim Rahman',
        dateOfDeath: '2026-01-15',
        placeOfDeath: 'Dearborn, MI',
        relationshipToDeceased: 'Parent',
        additionalNotes: null,
      },
    });
    expect(submitted.errors).toBeUndefined();
    const backup = await member.request<{
      me: { id: string };
      myDeathReports: Record<string, unknown>[];
    }>(BACKUP);
    expect(backup.data!.me.id).toBe(memberId);
    expect(backup.data!.myDeathReports).toHaveLength(1);
    const restored = await member.request<{ restoreMyDeathReports: number }>(RESTORE, {
      reports: backup.data!.myDeathReports,
    });
    expect(restored.errors).toBeUndefined();
    expect(restored.data!.restoreMyDeathReports).toBe(0);
    const after = await member.request<{ myDeathReports: unknown[] }>(BACKUP);
    expect(after.data!.myDeathReports).toEqual(backup.data!.myDeathReports);
  });
});
