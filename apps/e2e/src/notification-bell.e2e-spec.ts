import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { registerAndPayFee, signOut } from './support/web-flows';
import { publishTestEvent } from '@jibs/stack';

describe('sign-up, sign-in and the live notification bell, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([
      startE2eStack({ shared: true }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  it('a member signs up, pays the fee, signs in again, and notifications arrive in the bell without a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      frames.push(`open ${socket.url()}`);
      socket.on('framereceived', (frame) => frames.push(`<- ${String(frame.payload)}`));
      socket.on('framesent', (frame) => frames.push(`-> ${String(frame.payload).slice(0, 600)}`));
      socket.on('close', () => frames.push('closed'));
    });
    page.on('console', (message) => {
      if (message.type() === 'error') frames.push(`console error: ${message.text()}`);
    });
    const input = aSignUp();

    // While registering the header has no bell (spec 2, Header); it comes once the fee is paid.
    await registerAndPayFee(page, stack, input);
    expect(await page.getByTestId('notification-bell').count()).toBe(0);
    await page.goto(`${stack.gatewayUrl}/dashboard`);
    const badge = page.getByTestId('notification-badge');
    await badge.waitFor({ timeout: 15_000 });
    expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, 'dashboard, registration fee paid');

    // Sign out, then sign in again: the dashboard, bell and all.
    await signOut(page);
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.getByLabel('Email').fill(String(input.email));
    await page.getByLabel(/^Password/).fill(String(input.password));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard**');
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').first().waitFor();
    await waitForText(page, 'Welcome to JIBS');
    await expectAccessible(page, 'notification bell, open');
    const before = await page.getByTestId('notification-item').count();

    // A new event for this member, published by identity (its test-only route) through the real
    // outbox, relay, bus and consumer: it is pushed over the subscription and placed first,
    // with no reload.
    const userId = await accountId(stack, String(input.email));
    await publishTestEvent(stack.service('identity'), {
      type: 'user.registered',
      subject: userId,
      data: {
        userId,
        email: String(input.email),
        firstName: 'Amina',
        lastName: 'Rahman',
        role: 'member',
      },
    });
    await page
      .getByTestId('notification-item')
      .nth(before)
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await page.screenshot({ path: 'test-results/notification-bell-failure.png' });
        throw new Error(
          `${(error as Error).message}\nframes: ${frames.join('\n')}\nlogs: ${logs
            .filter((line) => !line.startsWith('[identity]'))
            .slice(-40)
            .join('\n')}`,
        );
      });
    expect(frames.some((frame) => frame.includes('notificationAdded'))).toBe(true);
    // Placed first: the newest welcome, from the event just published ("Amina"), above the
    // account's own welcome from signing up (which names its sign-up first name).
    expect(input.firstName).not.toBe('Amina');
    const items = page.getByTestId('notification-item');
    await items.first().getByText('Welcome, Amina.', { exact: false }).waitFor({ timeout: 5_000 });
    expect(await items.nth(1).textContent()).not.toContain('Welcome, Amina.');
    await page.screenshot({ path: 'test-results/notification-bell.png' });
    await context.close();
  });
});

async function waitForText(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor();
}

async function accountId(stack: LocalStack, email: string): Promise<string> {
  const client = new Client({ connectionString: stack.databaseUrl('identity') });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM accounts WHERE email = $1',
      [email],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}
