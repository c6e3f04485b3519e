import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Messages } from '@jibs/domain';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import {
  describedByText,
  isFocused,
  latestMail,
  registerAndPayFee,
  SIGN_IN_CHOICE,
  tabTo,
  typeInto,
} from './support/web-flows';

type Locator = ReturnType<Page['locator']>;

/**
 * Keyboard-only paths (no mouse from the first key): the wizard, sign-in with an authenticator
 * code, the household form, dialogs and the bell. Errors must be announced (the field's
 * aria-describedby, alerts) and focus must land on the first field to fix.
 */
describe('keyboard-only use, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
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
    // The last screen of each test, to look at when one fails.
    const name = (expect.getState().currentTestName ?? 'test').replace(/\W+/g, '-').slice(-60);
    await page.screenshot({ path: `test-results/keyboard-${name}.png` }).catch(() => undefined);
    await context.close();
  });

  /**
   * Picks `name` in a Mantine select with the keyboard: typing `search` first in a searchable
   * one, then the arrow keys until the option is highlighted, then Enter. A searchable select
   * shows the typed search as its value before anything is chosen, so the choice counts only
   * once its list has closed with `name` in the field; an Enter lost to a re-render is tried
   * again.
   */
  async function chooseOption(combobox: Locator, name: string, search?: string): Promise<void> {
    await tabTo(page, combobox);
    if (search) await page.keyboard.type(search);
    const highlighted = page.locator('[role="option"][data-combobox-selected]');
    const chosen = async () =>
      !(await page.getByRole('listbox').isVisible()) && (await combobox.inputValue()) === name;
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('ArrowDown');
      const text = (await highlighted.count())
        ? await highlighted.first().textContent({ timeout: 2_000 })
        : null;
      if (text?.trim() !== name) continue;
      await page.keyboard.press('Enter');
      const deadline = Date.now() + 2_000;
      while (Date.now() < deadline) {
        if (await chosen()) return;
        await page.waitForTimeout(50);
      }
    }
    throw new Error(`option ${name} was never chosen`);
  }

  async function expectFocused(locator: Locator, what: string): Promise<void> {
    await waitUntil(() => isFocused(locator), `focus on ${what}`);
  }

  /** Tab presses stay inside `container` (a dialog traps the focus). */
  async function expectFocusTrapped(container: Locator, presses = 8): Promise<void> {
    await waitUntil(
      () => container.evaluate((element) => element.contains(document.activeElement)),
      'focus inside the dialog',
    );
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await container.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
  }

  it('registers by keyboard alone, with errors announced and focus on the first field to fix', async () => {
    const input = aSignUp();
    await page.goto(`${stack.gatewayUrl}/register`);
    await expectAccessible(page, 'register: personal information');

    // On /register the header offers nothing but 'Completing Registration...' (spec 2, Header).
    const header = page.getByRole('banner');
    await header.getByText('Completing Registration...').waitFor();
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await header.getByRole('link', { name: 'Register' }).count()).toBe(0);

    // An empty submit: the app's messages, no browser bubble; focus on the first field.
    await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
    await page.keyboard.press('Enter');
    const firstName = page.getByLabel('First name');
    await expectFocused(firstName, 'First name');
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await describedByText(firstName)).toContain('First name is required');
    await expectAccessible(page, 'register: personal information with errors');

    await page.keyboard.type(String(input.firstName));
    await typeInto(page, page.getByLabel('Last name'), String(input.lastName));
    await typeInto(page, page.getByLabel('Phone'), '5551234567');
    await typeInto(page, page.getByLabel('Date of birth'), '04121980');
    await typeInto(page, page.getByLabel('Email'), String(input.email));
    await typeInto(page, page.getByLabel(/^Password/), String(input.password));
    await typeInto(page, page.getByLabel('Confirm password'), String(input.password));
    await typeInto(page, page.getByLabel('Address line 1'), String(input.addressLine1));
    await typeInto(page, page.getByLabel('City'), String(input.city));
    await chooseOption(page.getByRole('combobox', { name: 'State' }), 'MI', 'MI');
    await typeInto(page, page.getByLabel('ZIP'), String(input.zipCode));
    await tabTo(page, page.getByLabel('I am a US Citizen or a US legal resident'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
    await page.keyboard.press('Enter');

    // Step 2, the emailed code (no account yet). The header: 'Completing Registration...', no bell.
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await header.getByText('Completing Registration...').waitFor();
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.getByTestId('notification-bell').count()).toBe(0);
    const [, code] = await latestMail(stack, String(input.email), /verification code is (\d{6})/);
    const codeBox = page.getByLabel('Verification code').first();
    await tabTo(page, codeBox);
    await expectAccessible(page, 'register: email code');
    await page.keyboard.type(code!);
    await tabTo(page, page.getByRole('button', { name: 'Verify' }));
    await page.keyboard.press('Enter');
    // Step 2's choice of how sign-ins are verified: the password alone, as chosen.
    await page.getByText(SIGN_IN_CHOICE).waitFor();
    await expectAccessible(page, 'register: sign-in verification choice');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    // Step 3: a member with nothing filled in is refused, announced and focused.
    await page.getByRole('heading', { name: 'Household Members' }).first().waitFor();
    await expectAccessible(page, 'register: household members');
    await tabTo(page, page.getByRole('button', { name: 'Add household member' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    const card = page.getByRole('region', { name: 'Household member 1' });
    const memberFirstName = card.getByLabel('First name');
    await expectFocused(memberFirstName, "the member's first name");
    expect(await describedByText(memberFirstName)).toContain(
      'Please enter the first name for all household members',
    );
    await page
      .getByRole('alert')
      .getByText('Please enter the first name for all household members')
      .waitFor();
    await expectAccessible(page, 'register: household members with errors');

    await page.keyboard.type('Yusuf');
    await typeInto(page, card.getByLabel('Last name'), 'Rahman');
    await typeInto(page, card.getByLabel('Date of birth'), '06011982');
    await chooseOption(card.getByRole('combobox', { name: 'Relationship' }), 'Spouse');
    await tabTo(
      page,
      page.getByLabel('I certify that all household members live at the same address as me'),
    );
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Registration Payment' }).first().waitFor();
    await page.getByRole('button', { name: 'Pay $200.00' }).waitFor();
    await expectAccessible(page, 'register: registration payment');
  });

  it('an admin sets up the authenticator and signs in with its code by keyboard alone', async () => {
    const password = stack.generatedAdminPassword ?? process.env.ADMIN_PASSWORD;
    expect(password).toBeTruthy();
    await page.goto(`${stack.gatewayUrl}/login`);
    await expectAccessible(page, 'sign in');

    // Sent empty: each field says what is wrong, is marked invalid, and the errors are announced.
    const email = page.getByLabel('Email');
    const passwordField = page.getByLabel(/^Password/);
    await tabTo(page, email);
    await page.keyboard.press('Enter');
    // The check loads with the form's actions on the first submit.
    await page.locator('input[aria-invalid="true"]').nth(1).waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(passwordField.getAttribute('aria-invalid')).resolves.toBe('true');
    for (const field of [email, passwordField]) {
      const errorId = (await field.getAttribute('aria-describedby'))!;
      await expect(page.locator(`[id="${errorId}"]`).getAttribute('role')).resolves.toBe('alert');
    }
    await expectAccessible(page, 'sign in: empty fields');
    // The password shows and hides by keyboard.
    await typeInto(page, passwordField, 'not-the-password');
    const reveal = page.getByRole('button', { name: 'Show password' });
    await tabTo(page, reveal);
    await page.keyboard.press('Space');
    await expect(passwordField.getAttribute('type')).resolves.toBe('text');
    await expect(
      page.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await page.keyboard.press('Space');
    await expect(passwordField.getAttribute('type')).resolves.toBe('password');
    // A wrong password: the spec's alert, announced, and nothing else changes.
    await typeInto(page, email, stack.adminEmail!);
    await tabTo(page, passwordField);
    await page.keyboard.press('Enter');
    const refused = page.getByRole('alert').filter({ hasText: Messages.loginFailedTitle });
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain(Messages.loginFailed);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page, 'sign in: refused');
    await page.reload();
    await typeInto(page, page.getByLabel('Email'), stack.adminEmail!);
    await typeInto(page, page.getByLabel(/^Password/), password!);
    await page.keyboard.press('Enter');

    // First sign-in of an admin: the authenticator is set up before anything else.
    const manualKey = page.getByTestId('totp-manual-key');
    await manualKey.waitFor();
    await expectAccessible(page, 'sign in: authenticator setup');
    const key = (await manualKey.getAttribute('data-key'))!;
    await tabTo(page, page.getByLabel('Verification code').first());
    await page.keyboard.type(await generate({ secret: key }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');

    await page.goto(`${stack.gatewayUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await expectAccessible(page, 'admin console');
    await tabTo(page, page.getByRole('button', { name: 'Sign Out' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    // Signed out once the header offers Sign In again.
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().waitFor();

    // Every later sign-in asks for the authenticator's code.
    await page.goto(`${stack.gatewayUrl}/login`);
    await typeInto(page, page.getByLabel('Email'), stack.adminEmail!);
    await typeInto(page, page.getByLabel(/^Password/), password!);
    await page.keyboard.press('Enter');
    const codeBox = page.getByLabel('Verification code').first();
    await codeBox.waitFor();
    await expectAccessible(page, 'sign in: authenticator code');
    await tabTo(page, codeBox);
    // The setup's code is spent; the authenticator's next one is accepted.
    await page.keyboard.type(
      await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${stack.gatewayUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('a member goes back from step 5, and uses the household form, dialogs, bell and export by keyboard', async () => {
    const input = aSignUp();
    await registerAndPayFee(page, stack, input);

    // Step 5 has Back to step 4, which says the fee is paid and leads on again.
    await tabTo(page, page.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Registration Payment' }).first().waitFor();
    await page.getByText('Registration fee paid').waitFor();
    expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
    await expectAccessible(page, 'register: registration payment, paid');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Set Up Monthly Dues/ }).waitFor();

    // A short window makes the profile a long page for the overlay check below.
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.goto(`${stack.gatewayUrl}/profile`);
    const form = page.getByRole('form', { name: 'Add a household member' });
    const submit = form.getByRole('button', { name: 'Add household member' });
    await tabTo(page, submit);
    await expectAccessible(page, 'profile');

    // Missing fields: the spec's message inline (no browser bubble), focus on the first field.
    await page.keyboard.press('Enter');
    const firstName = form.getByLabel('First name');
    await expectFocused(firstName, 'the first name');
    const required = 'Please fill in all required fields for the household member';
    expect(await describedByText(firstName)).toContain(required);
    await form.getByText(required).first().waitFor();
    expect(await form.evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
    await expectAccessible(page, 'profile: household form with errors');

    await page.keyboard.type('Amina');
    await typeInto(page, form.getByLabel('Last name'), 'Rahman');
    await chooseOption(form.getByRole('combobox', { name: 'Relationship' }), 'Parent');
    await typeInto(page, form.getByLabel('Date of birth'), '03021950');
    await tabTo(page, form.getByLabel('This parent is financially dependent on you'));
    await page.keyboard.press('Space');
    await tabTo(
      page,
      form.getByLabel('I certify that this person lives at the same address as me'),
    );
    await page.keyboard.press('Space');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');

    // The payment dialog: focus trapped inside, returned to the opener on Escape.
    const payment = page.getByRole('dialog', { name: 'Payment Required' });
    await payment.getByText('Pay to add Amina Rahman to your household').waitFor();
    await expectAccessible(page, 'profile: payment required dialog');
    expect(await uncoveredPoints(page)).toEqual([]);
    // Scrolling the page under an open dialog leaves it covered too.
    await page.mouse.wheel(0, 1_500);
    expect(await uncoveredPoints(page)).toEqual([]);
    await expectFocusTrapped(payment);
    await page.keyboard.press('Escape');
    await payment.waitFor({ state: 'hidden' });
    await expectFocused(submit, 'the button that opened the dialog');

    // The overlay covers the window wherever the page was scrolled when a dialog opened.
    const remove = page.getByRole('button', { name: 'Remove Amina Rahman' });
    const confirm = page.getByRole('dialog', { name: 'Remove household member?' });
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(2 * 560);
    for (const scrollTo of ['bottom', 'top'] as const) {
      await page.evaluate((where) => {
        window.scrollTo(0, where === 'top' ? 0 : document.documentElement.scrollHeight);
      }, scrollTo);
      await tabTo(page, remove);
      await page.keyboard.press('Enter');
      await confirm.waitFor();
      expect(await uncoveredPoints(page)).toEqual([]);
      await expectFocusTrapped(confirm, 4);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      await expectFocused(remove, 'the Remove button');
    }
    await expectAccessible(page, 'profile: remove dialog closed');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The bell: opens with Enter, keeps focus inside, gives it back to the bell on Escape.
    const bell = page.getByTestId('notification-bell');
    await tabTo(page, bell, { backwards: true });
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list
      .getByText('Welcome to JIBS')
      .first()
      .waitFor()
      .catch((error: Error) => {
        throw new Error(`${error.message}\nlogs:\n${logs.slice(-40).join('\n')}`);
      });
    await expectAccessible(page, 'notification bell, open');
    await expectFocusTrapped(list, 4);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expectFocused(bell, 'the bell');

    // The export dialog by keyboard; the file has the spec's sections.
    await page.goto(`${stack.gatewayUrl}/payment-history`);
    const exportButton = page.getByRole('button', { name: 'Export' });
    await tabTo(page, exportButton);
    await expectAccessible(page, 'payment history');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export your data' });
    await dialog.waitFor();
    await expectAccessible(page, 'export dialog');
    await expectFocusTrapped(dialog, 4);
    await tabTo(page, dialog.getByRole('button', { name: 'Export', exact: true }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      data: Record<string, unknown>;
    };
    expect(Object.keys(file.data)).toEqual([
      'profile',
      'deathReports',
      'documents',
      'payments',
      'notifications',
    ]);
    const profile = file.data['profile'] as { email: string; household: unknown[] };
    expect(profile.email).toBe(input.email);
    expect(profile.household).toHaveLength(1);
    expect(file.data['deathReports']).toEqual([]);
    expect(file.data['documents']).toEqual([]);
    expect((file.data['payments'] as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect((file.data['notifications'] as unknown[]).length).toBeGreaterThanOrEqual(1);
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(exportButton, 'the Export button');
  });
});

/** Points along the window's edges and centre not covered by a dialog's overlay or content. */
async function uncoveredPoints(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const points: [number, number][] = [
      [2, 2],
      [width - 20, 2],
      [2, height - 2],
      [width - 20, height - 2],
      [width / 2, height / 2],
      [width / 2, height - 2],
    ];
    return points
      .filter(([x, y]) => {
        const element = document.elementFromPoint(x, y);
        return !element?.closest('.mantine-Modal-overlay, .mantine-Modal-inner');
      })
      .map(([x, y]) => `${x},${y} (scrolled ${window.scrollY})`);
  });
}

async function waitUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
