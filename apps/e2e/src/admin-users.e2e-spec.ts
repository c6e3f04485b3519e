import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { registerAndPayFee, signIn, signInAsAdmin, tabTo } from './support/web-flows';

describe('the admin console manages users, and the member hears of it, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let adminContext: BrowserContext;
  let memberContext: BrowserContext;
  let admin: Page;
  let member: Page;
  const memberInput = aSignUp();
  const memberName = `${String(memberInput.firstName)} ${String(memberInput.lastName)}`;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    adminContext = await browser.newContext();
    memberContext = await browser.newContext();
    admin = await adminContext.newPage();
    member = await memberContext.newPage();
  });

  afterAll(async () => {
    await adminContext?.close();
    await memberContext?.close();
    await browser?.close();
    await stop?.();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `test-results/admin-users-${name}.png` });

  async function failWithContext(page: Page, error: unknown, name: string): Promise<never> {
    await shot(page, `${name}-failure`).catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  /** The member's card on /admin/users, found by a search for their email. */
  async function memberCard() {
    await admin.getByLabel('Search users').fill(String(memberInput.email));
    const card = admin.getByRole('article', { name: memberName });
    await card.waitFor().catch((error) => failWithContext(admin, error, 'card'));
    return card;
  }

  async function choose(page: Page, comboboxName: string, option: string) {
    await page.getByRole('combobox', { name: comboboxName, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The same choice by keyboard alone: Tab to the dropdown, open it, arrow to the option, Enter. */
  /**
   * Opens the select with the keyboard, moves to the option, Enter. The choice counts once the
   * list has closed with the option in the field: an Enter lost to a re-render of the card (a
   * refetch) is tried again, as a user would.
   */
  async function chooseByKeyboard(page: Page, comboboxName: string, option: string) {
    const combobox = page.getByRole('combobox', { name: comboboxName, exact: true });
    const wanted = page.getByRole('option', { name: option, exact: true });
    for (let attempt = 1; ; attempt++) {
      await tabTo(page, combobox);
      await page.keyboard.press('ArrowDown');
      await wanted.waitFor();
      for (
        let presses = 0;
        (await wanted.getAttribute('data-combobox-selected')) === null;
        presses++
      ) {
        if (presses > 5) throw new Error(`the keyboard never reached the option ${option}`);
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      const deadline = Date.now() + 2_000;
      while (Date.now() < deadline) {
        if (!(await wanted.isVisible()) && (await combobox.inputValue()) === option) return;
        await page.waitForTimeout(50);
      }
      if (attempt === 3) throw new Error(`${option} was never chosen in ${comboboxName}`);
      await page.keyboard.press('Escape');
    }
  }

  async function bellShows(text: string) {
    await member.getByTestId('notification-bell').click();
    await member
      .getByTestId('notification-item')
      .filter({ hasText: text })
      .first()
      .waitFor({ timeout: 20_000 })
      .catch((error) => failWithContext(member, error, 'bell'));
    await member.keyboard.press('Escape');
  }

  it('a member registers and pays the fee in their own browser; the bell is there', async () => {
    await registerAndPayFee(member, stack, memberInput);
    await member.goto(`${stack.gatewayUrl}/dashboard`);
    await member.getByTestId('notification-bell').waitFor({ timeout: 15_000 });
  });

  it('the admin signs in with an authenticator code and finds the member on /admin/users', async () => {
    await signInAsAdmin(admin, stack);

    await admin.goto(`${stack.gatewayUrl}/admin/users`);
    await admin
      .getByRole('heading', { name: 'Users', level: 1 })
      .waitFor()
      .catch((error) => failWithContext(admin, error, 'page'));
    // The stack's admin and the new member, newest first.
    await admin.getByRole('article').nth(1).waitFor();
    await expectAccessible(admin, 'admin: users');

    await admin.getByLabel('Search users').fill('no such person anywhere');
    await admin.getByText('No users found matching your criteria.').waitFor();
    const card = await memberCard();
    await expect(card.getByText('Fee Paid').isVisible()).resolves.toBe(true);
    await expect(card.getByText('Pending', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText(String(memberInput.addressLine1)).isVisible()).resolves.toBe(true);

    // The status filter: the member is pending, so Active hides them.
    await choose(admin, 'Status', 'Active');
    await admin.getByText('No users found matching your criteria.').waitFor();
    await choose(admin, 'Status', 'All');
    await card.waitFor();
    await shot(admin, 'page');
  });

  it('sets the membership to Inactive by keyboard: toast, refetched card, and the member is told live', async () => {
    const card = await memberCard();
    await chooseByKeyboard(admin, `Membership status of ${memberName}`, 'Inactive');
    await admin.getByText('Membership status updated to inactive').first().waitFor();
    await card.getByText('Inactive', { exact: true }).first().waitFor();
    // The member's open page, without a reload: pushed over the subscription.
    await bellShows('An administrator set your membership status to Inactive.');
    await shot(member, 'member-bell');
  });

  it('refuses to demote the last admin, with the reason announced', async () => {
    await admin.getByLabel('Search users').fill(stack.adminEmail!);
    const adminCard = admin.getByRole('article').filter({ hasText: stack.adminEmail! });
    await adminCard.waitFor();
    const name = (await adminCard.getByRole('heading').textContent())!;
    await choose(admin, `Role of ${name}`, 'Member');
    await admin
      .getByRole('alert')
      .filter({ hasText: 'Failed to update user role: The last admin cannot be demoted' })
      .first()
      .waitFor();
    await adminCard.getByText('Admin', { exact: true }).first().waitFor();
  });

  it('makes the member an admin and back; each change ends their session and reaches their bell', async () => {
    const card = await memberCard();
    await choose(admin, `Role of ${memberName}`, 'Admin');
    await admin.getByText('User role updated to admin').first().waitFor();
    await card.getByText('Admin', { exact: true }).first().waitFor();
    await choose(admin, `Role of ${memberName}`, 'Member');
    await admin.getByText('User role updated to member').first().waitFor();
    await card.getByText('Member', { exact: true }).first().waitFor();

    // The member's session ended with the change: they sign in again and find both notices.
    await signIn(member, stack, String(memberInput.email), String(memberInput.password));
    await member.waitForURL('**/dashboard**');
    await bellShows('You are now an admin');
    await bellShows('Your role has changed');
  });

  it('View Details opens a drawer with the profile and household, by keyboard, and Escape closes it', async () => {
    const card = await memberCard();
    await tabTo(admin, card.getByRole('button', { name: `View details of ${memberName}` }));
    await admin.keyboard.press('Enter');
    const drawer = admin.getByRole('dialog', { name: memberName });
    await drawer.waitFor().catch((error) => failWithContext(admin, error, 'drawer'));
    await drawer.getByRole('heading', { name: 'Household' }).waitFor();
    await expect(drawer.getByText(String(memberInput.email)).isVisible()).resolves.toBe(true);
    await expect(drawer.getByText('No household members.').isVisible()).resolves.toBe(true);
    await expect(drawer.getByText('No death reports.').isVisible()).resolves.toBe(true);
    // The member's billing (paid fee, the payment) and what admins did to the account.
    await drawer.getByRole('heading', { name: 'Billing' }).waitFor();
    await drawer.getByText('Fee Paid').first().waitFor();
    const trail = drawer.getByRole('table', { name: `Audit trail of ${memberName}` });
    await trail.getByText('User role changed').first().waitFor();
    await trail.getByText('Membership status set').first().waitFor();
    await expectAccessible(admin, 'admin: user details drawer');
    await shot(admin, 'drawer');
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});
