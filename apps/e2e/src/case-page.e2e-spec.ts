import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { registerAndPayFee, signInAsAdmin } from './support/web-flows';

type Locator = ReturnType<Page['locator']>;

const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/**
 * The family's case page (issue 24): the member reports a death; an admin assigns the case to
 * themself and approves it; the member's /my-reports/:id shows the timeline (submitted, under
 * review, approved with the note), the handler's name and the checklist, and the member ticks a
 * family item (an admin's item stays read-only for them).
 */
describe("the family's case page, in Chromium", () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let memberContext: BrowserContext;
  let adminContext: BrowserContext;
  let member: Page;
  let admin: Page;
  const tag = letters();
  const deceasedName = `Bilal Karim ${tag}`;
  const approvalNote = 'May Allah grant him Jannah. We will call you today.';

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    memberContext = await browser.newContext();
    adminContext = await browser.newContext();
    member = await memberContext.newPage();
    admin = await adminContext.newPage();
  });

  afterAll(async () => {
    await memberContext?.close();
    await adminContext?.close();
    await browser?.close();
    await stop?.();
  });

  async function step<T>(page: Page, name: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      await page
        .screenshot({ path: `test-results/case-page-${name}-failure.png`, fullPage: true })
        .catch(() => undefined);
      throw new Error(
        `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
      );
    }
  }

  async function chooseOption(page: Page, combobox: Locator, name: string): Promise<void> {
    await combobox.click();
    await page.getByRole('option', { name, exact: true }).click();
    await eventually(async () => ((await combobox.inputValue()) === name ? true : undefined), {
      timeoutMs: 5_000,
      message: `${name} chosen`,
    });
  }

  it('the member reports a death', async () => {
    await registerAndPayFee(member, stack, aSignUp({ lastName: `Karim${tag}` }));
    await member.goto(`${stack.gatewayUrl}/submit-death`);
    await member.getByLabel('Deceased name').fill(deceasedName);
    await member.getByLabel('Date of death').fill('2026-01-10');
    await member.getByLabel('Place of death').fill('Beaumont Hospital, Dearborn, MI');
    await chooseOption(
      member,
      member.getByRole('combobox', { name: 'Relationship to deceased' }),
      'Parent',
    );
    await member.getByRole('button', { name: 'Submit Death Report' }).click();
    await step(member, 'submitted', () => member.waitForURL('**/my-reports'));
  });

  it('an admin assigns the case to themself and approves it with a note', async () => {
    await admin.goto(`${stack.gatewayUrl}/login`);
    await step(admin, 'totp', () => signInAsAdmin(admin, stack));
    await admin.goto(`${stack.gatewayUrl}/admin/death-reports`);
    const card = admin.getByRole('article', { name: deceasedName });
    await step(admin, 'admin-card', () => card.waitFor());
    await card.getByRole('button', { name: `Show case of ${deceasedName}` }).click();
    await card.getByText('Report submitted').waitFor();
    await card.getByText('Nobody yet').waitFor();
    await card.getByRole('button', { name: `Assign to me: the case of ${deceasedName}` }).click();
    await step(admin, 'assigned', () => card.getByText('Under review').waitFor());
    await expect(card.getByText('Nobody yet').count()).resolves.toBe(0);
    await expectAccessible(admin, 'case page: admin review card with the case');
    await card.getByLabel('Admin notes').fill(approvalNote);
    await card.getByRole('button', { name: `Approve report on ${deceasedName}` }).click();
    await step(admin, 'approved', () => card.getByText('Approved', { exact: true }).waitFor());
  });

  it("the member's case page shows the timeline, the handler and the checklist; the member ticks a family item", async () => {
    await member.goto(`${stack.gatewayUrl}/my-reports`);
    const view = member.getByRole('link', { name: `View Case: ${deceasedName}` });
    await view.waitFor();
    await expectAccessible(member, 'case page: my reports with the link');
    await view.click();
    await member.waitForURL('**/my-reports/*');
    await member.getByRole('heading', { level: 1, name: deceasedName }).waitFor();
    const timeline = member.getByRole('region', { name: 'Timeline' });
    await step(member, 'timeline', async () => {
      await timeline.getByText('Report submitted').waitFor();
      await timeline.getByText('Under review').waitFor();
      await timeline.getByText('Report approved').waitFor();
      await timeline.getByText(approvalNote).waitFor();
    });
    const steps = await timeline.locator('.mantine-Timeline-itemTitle').allTextContents();
    expect(steps).toEqual(['Report submitted', 'Under review', 'Report approved']);
    const report = member.getByRole('region', { name: 'Report' });
    expect(await report.getByText('Waiting for a member of our team').count()).toBe(0);
    // Approval opens the assistance claim (cases' claim.updated), shown as the fund's first step.
    await member
      .getByRole('region', { name: 'Burial Assistance' })
      .getByText('Assistance claim opened')
      .waitFor();

    const checklist = member.getByRole('region', { name: 'Checklist' });
    const ghusl = checklist.getByRole('checkbox', { name: 'Ghusl arranged' });
    const paid = checklist.getByRole('checkbox', { name: 'Assistance paid' });
    expect(await ghusl.isChecked()).toBe(false);
    expect(await ghusl.isEnabled()).toBe(true);
    expect(await paid.isEnabled()).toBe(false);
    await expectAccessible(member, 'case page: member');
    await member.screenshot({ path: 'test-results/case-page-member.png', fullPage: true });

    await ghusl.check();
    await step(member, 'ticked', () => timeline.getByText('Ghusl arranged: done').waitFor());
    expect(await ghusl.isChecked()).toBe(true);
    await expectAccessible(member, 'case page: member, item ticked');
    await member.reload();
    await checklist.getByRole('checkbox', { name: 'Ghusl arranged' }).waitFor();
    expect(await checklist.getByRole('checkbox', { name: 'Ghusl arranged' }).isChecked()).toBe(
      true,
    );
  });
});
