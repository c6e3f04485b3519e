import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { Messages } from '@jibs/domain';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { describedByText, signInAsAdmin, signUpInBrowser } from './support/web-flows';

/** Every diagnostic the Testing tab lists (apps/gateway/src/diagnostics). */
const TEST_COUNT = 12;

describe('the admin console: settings that apply, maintenance mode, diagnostics and docs', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let adminContext: BrowserContext;
  let memberContext: BrowserContext;
  let admin: Page;
  let member: Page;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    adminContext = await browser.newContext();
    await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.gatewayUrl,
    });
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
    page.screenshot({ path: `test-results/admin-console-${name}.png`, fullPage: true });

  async function failWithContext(page: Page, error: unknown, name: string): Promise<never> {
    await shot(page, `${name}-failure`).catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  async function openSettings(): Promise<void> {
    await admin.goto(`${stack.gatewayUrl}/admin/settings`);
    await admin
      .getByRole('button', { name: 'Save All Settings' })
      .waitFor()
      .catch((error) => failWithContext(admin, error, 'settings'));
  }

  /** By keyboard: focus Save All Settings and press Enter (a toast may cover the corner). */
  async function pressSave(): Promise<void> {
    const save = admin.getByRole('button', { name: 'Save All Settings' });
    await save.focus();
    await save.press('Enter');
  }

  async function saveSettings(): Promise<void> {
    await pressSave();
    await admin.getByText('Settings saved successfully').first().waitFor();
  }

  it('the admin signs in with an authenticator code', async () => {
    await signInAsAdmin(admin, stack);
  });

  it('refuses bad settings with the message under the field, and saves new dues', async () => {
    await openSettings();
    await expectAccessible(admin, 'admin: settings');
    await expect(admin.getByText(stack.adminEmail!).first().isVisible()).resolves.toBe(true);
    await expect(admin.getByText('Super Admin').first().isVisible()).resolves.toBe(true);
    await shot(admin, 'settings');

    const size = admin.getByLabel('Max file size (MB)');
    await size.fill('0');
    await pressSave();
    await admin.getByText('Maximum file size must be at least 1 MB').waitFor();
    await expect(size.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(describedByText(size)).resolves.toContain(
      'Maximum file size must be at least 1 MB',
    );
    await expectAccessible(admin, 'admin: settings with an error');
    await size.fill('10');

    await admin.getByLabel('Monthly dues (USD)').fill('31.00');
    await saveSettings();
    await admin.reload();
    await admin.getByRole('button', { name: 'Save All Settings' }).waitFor();
    await expect(admin.getByLabel('Monthly dues (USD)').inputValue()).resolves.toBe('31.00');
  });

  it("a new member's registration step shows the new monthly dues", async () => {
    await signUpInBrowser(member, stack, aSignUp());
    await member.getByRole('button', { name: 'Continue' }).click();
    // The step and its fee summary beside it both show the dues (the summary a moment later).
    await member
      .getByText('$31.00 / month')
      .first()
      .waitFor()
      .catch((error) => failWithContext(member, error, 'registration-dues'));
  });

  it('maintenance mode: the member sees the notice, the admin keeps working; then off again', async () => {
    await openSettings();
    await admin.getByRole('switch', { name: /^Maintenance mode/ }).check();
    await saveSettings();

    // The gateway re-reads the flag every 3 s: within seconds, the member's next request is
    // answered MAINTENANCE and the client shows the notice.
    let noticed = false;
    for (let attempt = 0; attempt < 15 && !noticed; attempt++) {
      await member.goto(`${stack.gatewayUrl}/register`);
      noticed = await member
        .waitForURL('**/maintenance', { timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
    }
    if (!noticed) await failWithContext(member, new Error('no maintenance notice'), 'maintenance');
    // A visitor loading the home page gets the notice straight from the gateway.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`${stack.gatewayUrl}/`);
      expect(new URL(visitor.url()).pathname).toBe('/maintenance');
      await visitor.getByText(Messages.maintenance).waitFor();
    } finally {
      await visitor.close();
    }
    await member.getByText(Messages.maintenance).waitFor();
    await member.getByRole('heading', { name: 'We will be right back' }).waitFor();
    await expectAccessible(member, 'maintenance notice');
    await shot(member, 'maintenance');

    // The admin is not stopped: the settings load and save as before.
    await openSettings();
    await expect(
      admin.getByRole('switch', { name: /^Maintenance mode/ }).isChecked(),
    ).resolves.toBe(true);
    await admin.getByRole('switch', { name: /^Maintenance mode/ }).uncheck();
    await saveSettings();

    // Off again: the notice sends the member back to the site.
    let back = false;
    for (let attempt = 0; attempt < 20 && !back; attempt++) {
      await member.goto(`${stack.gatewayUrl}/maintenance`);
      back = !new URL(member.url()).pathname.startsWith('/maintenance');
      if (!back) await member.waitForTimeout(1_000);
    }
    expect(back).toBe(true);
  });

  it('runs every diagnostic green, then fails the notifications checks once it is stopped', async () => {
    await admin.goto(`${stack.gatewayUrl}/admin/testing`);
    await admin.getByRole('button', { name: 'Run All Tests' }).waitFor();
    await expectAccessible(admin, 'admin: testing tab');

    await admin.getByRole('button', { name: 'Run All Tests' }).click();
    await admin
      .getByText(`${TEST_COUNT}/${TEST_COUNT} tests passed`)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch((error) => failWithContext(admin, error, 'diagnostics'));
    await admin.getByText('Test Run Complete').first().waitFor();
    await shot(admin, 'diagnostics-green');

    await stack.service('notifications').stop();
    const started = Date.now();
    await admin.getByRole('button', { name: 'Run Notifications service ready' }).click();
    const row = admin.getByTestId('test-service-notifications');
    await row.getByText('failed').waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(admin.getByTestId('reason-service-notifications').textContent()).resolves.toBe(
      'Reason: notifications is not running (connection refused)',
    );
    await admin.getByRole('button', { name: 'Run Mail sent' }).click();
    await admin.getByTestId('reason-mail').waitFor();
    await expect(admin.getByTestId('reason-mail').textContent()).resolves.toContain(
      'notifications',
    );
    await expectAccessible(admin, 'admin: testing tab with failures');
    await shot(admin, 'diagnostics-failed');

    await admin.getByRole('button', { name: 'Reset' }).click();
    await expect(row.getByText('pending').isVisible()).resolves.toBe(true);
  });

  it('API documentation and user guide, every tab checked', async () => {
    await admin.getByRole('tab', { name: 'API Documentation' }).click();
    await admin.getByText('updateSiteSettings').first().waitFor();
    await expectAccessible(admin, 'admin: API documentation');

    await admin.getByRole('combobox', { name: 'Category' }).click();
    await admin.getByRole('option', { name: 'Events' }).click();
    await admin.getByText('user.registered').first().waitFor();
    await expect(admin.getByText('updateSiteSettings').count()).resolves.toBe(0);

    await admin.getByRole('tab', { name: 'Code Examples' }).click();
    await admin.getByRole('button', { name: 'Copy the user.registered example' }).click();
    await admin.getByText('Code example copied successfully').first().waitFor();
    const copied = await admin.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toMatchObject({ type: 'user.registered' });
    await expectAccessible(admin, 'admin: API code examples');

    await admin.getByRole('tab', { name: 'Type Definitions' }).click();
    await admin.getByText('type SiteSettings {').waitFor();
    await expectAccessible(admin, 'admin: API type definitions');

    await admin.getByRole('tab', { name: 'User Guide' }).click();
    await admin.getByRole('heading', { name: 'Backup and restore' }).waitFor();
    await expectAccessible(admin, 'admin: user guide');
    await shot(admin, 'user-guide');
  });
});
