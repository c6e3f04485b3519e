import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { isFocused, registerAndPayFee, signInAsAdmin, tabTo } from './support/web-flows';

type Locator = ReturnType<Page['locator']>;

/** A phone: an iPhone 12 to 15 sized viewport, touch and all. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * Phone-sized screens: the member header's menu (a drawer below Mantine's `sm` breakpoint) by
 * keyboard and by tap, and the admin console's sidebar, a drawer below 768px, by keyboard and
 * Ctrl/Cmd+B. Every page and open menu is checked with axe at that size.
 */
describe('small screens (390x844), in Chromium', () => {
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
    context = await browser.newContext(PHONE);
    page = await context.newPage();
  });

  afterEach(async () => {
    const name = (expect.getState().currentTestName ?? 'test').replace(/\W+/g, '-').slice(-60);
    await page.screenshot({ path: `test-results/small-screens-${name}.png` }).catch(() => {
      /* the context may be gone */
    });
    await context.close();
  });

  const shot = (name: string) =>
    page.screenshot({ path: `test-results/small-screens-${name}.png` });

  async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) {
        const active = await page.evaluate(
          () => document.activeElement?.outerHTML.slice(0, 200) ?? 'none',
        );
        throw new Error(
          `Timed out waiting for ${what} at ${page.url()}; focus is on ${active}\n` +
            logs.slice(-20).join('\n'),
        );
      }
      await page.waitForTimeout(50);
    }
  }

  const contains = (container: Locator) =>
    container.evaluate((element) => element.contains(document.activeElement)).catch(() => false);

  /** Tab and Shift+Tab presses keep the focus inside `container`. */
  async function expectFocusTrapped(container: Locator, presses = 12): Promise<void> {
    await waitUntil(() => contains(container), 'focus inside the menu');
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(press % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(await contains(container)).toBe(true);
    }
  }

  /** Whether the element (which must exist) is drawn inside the viewport, not moved off it. */
  const onScreen = (locator: Locator) =>
    locator.evaluate(
      (element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return (
          style.visibility !== 'hidden' &&
          style.display !== 'none' &&
          box.width > 0 &&
          box.right > 1 &&
          box.left < window.innerWidth - 1
        );
      },
      undefined,
      { timeout: 5_000 },
    );

  /** Nothing is wider than the phone: the page does not scroll sideways. */
  async function expectNoSideScroll(what: string): Promise<void> {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect({ what, scrollWidth }).toEqual({ what, scrollWidth: innerWidth });
  }

  // ----- the member client's header -----

  const menuButton = () => page.getByRole('banner').getByRole('button', { name: /menu$/ });
  const menu = () => page.getByRole('dialog', { name: 'Menu' });

  async function expectMenuClosed(): Promise<void> {
    await menu().waitFor({ state: 'hidden' });
    expect(await menuButton().getAttribute('aria-label')).toBe('Open menu');
    expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
  }

  it('the header menu opens by keyboard, traps focus, closes on Escape back to its button', async () => {
    await page.goto(stack.gatewayUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The wide header's links give way to the menu button.
    const header = page.getByRole('banner');
    const wideLink = header.getByRole('link', { name: 'Memorials', includeHidden: true });
    expect(await wideLink.count()).toBe(1);
    expect(await wideLink.isVisible()).toBe(false);
    expect(await header.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(false);
    await expectAccessible(page, 'landing page, 390px');
    await expectNoSideScroll('landing page');
    await shot('landing');

    // By keyboard from the top of the page.
    await tabTo(page, menuButton());
    expect(await menuButton().getAttribute('aria-label')).toBe('Open menu');
    expect(await menuButton().getAttribute('aria-haspopup')).toBe('dialog');
    expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await menu().waitFor();
    expect(await menuButton().getAttribute('aria-expanded')).toBe('true');
    await expectFocusTrapped(menu());
    await expectAccessible(page, 'header menu open, 390px, signed out');
    await shot('menu-open-signed-out');
    for (const name of ['Memorials', 'FAQ', 'Contact', 'Sign In', 'Register']) {
      expect(await menu().getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }

    // Escape closes it and gives the focus back to the menu button.
    await page.keyboard.press('Escape');
    await expectMenuClosed();
    await waitUntil(() => isFocused(menuButton()), 'focus back on the menu button');

    // Open again with Space, close with Escape: the same, a second time (the drawer is loaded).
    await page.keyboard.press('Space');
    await menu().waitFor();
    await waitUntil(() => contains(menu()), 'focus inside the reopened menu');
    await page.keyboard.press('Escape');
    await expectMenuClosed();
    await waitUntil(() => isFocused(menuButton()), 'focus back on the menu button again');

    // A link followed by keyboard: the page changes and the menu closes.
    await page.keyboard.press('Enter');
    await menu().waitFor();
    await tabTo(page, menu().getByRole('link', { name: 'FAQ', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/faq');
    await expectMenuClosed();
  });

  it('the header menu opens by tap, its links work, and /login passes axe', async () => {
    await page.goto(stack.gatewayUrl);
    await menuButton().tap();
    await menu().waitFor();
    await menu().getByRole('link', { name: 'Memorials', exact: true }).tap();
    await page.waitForURL('**/memorials');
    await expectMenuClosed();

    await menuButton().tap();
    await menu().waitFor();
    // The close button in the drawer's title closes it too.
    await menu().getByRole('button', { name: /close/i }).tap();
    await expectMenuClosed();

    await menuButton().tap();
    await menu().getByRole('link', { name: 'Contact', exact: true }).tap();
    await page.waitForURL('**/contact');
    await expectMenuClosed();

    await menuButton().tap();
    await menu().getByRole('link', { name: 'Sign In', exact: true }).tap();
    await page.waitForURL('**/login');
    await expectMenuClosed();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectAccessible(page, '/login, 390px');
    await expectNoSideScroll('/login');
    await shot('login');

    await menuButton().tap();
    await menu().getByRole('link', { name: 'Register', exact: true }).tap();
    await page.waitForURL('**/register');
  });

  it("a member's dashboard and menu at phone size: account links, sign out", async () => {
    const input = aSignUp();
    await registerAndPayFee(page, stack, input);
    await page.goto(`${stack.gatewayUrl}/dashboard`);
    await page.getByTestId('notification-bell').waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'member dashboard, 390px');
    await expectNoSideScroll('member dashboard');
    await shot('dashboard');

    await menuButton().tap();
    await menu().waitFor();
    await expectFocusTrapped(menu());
    await expectAccessible(page, 'header menu open, 390px, member');
    await shot('menu-open-member');
    // The first name leads to the dashboard; from elsewhere, then back.
    await menu().getByRole('link', { name: 'FAQ', exact: true }).tap();
    await page.waitForURL('**/faq');
    await menuButton().tap();
    const nameLink = menu().getByRole('link', { name: String(input.firstName) });
    const signOutButton = menu().getByRole('button', { name: 'Sign Out' });
    // In the menu the name spans the width like Sign Out under it.
    // Layout widths are fractional (287.99999 beside 288): equal to the pixel.
    expect((await nameLink.boundingBox())!.width).toBeCloseTo(
      (await signOutButton.boundingBox())!.width,
      0,
    );
    await nameLink.tap();
    await page.waitForURL('**/dashboard');
    await expectMenuClosed();

    // Sign Out from the menu.
    await menuButton().tap();
    await menu().getByRole('button', { name: 'Sign Out' }).tap();
    await page.waitForURL((url) => url.pathname === '/');
    await expectMenuClosed();
    await menuButton().tap();
    await menu().getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  });

  // ----- the admin console -----

  it('the admin sidebar is a drawer: keyboard, Ctrl/Cmd+B, axe with it open', async () => {
    await signInAsAdmin(page, stack);
    await page.goto(`${stack.gatewayUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    const burger = page.getByRole('button', { name: /^(Open|Close) sidebar$/ });
    const sidebar = page.locator('#admin-sidebar');
    const users = sidebar.getByRole('link', { name: 'Users' });
    // The desktop collapse control is not offered; the sidebar starts off screen.
    expect(await page.getByRole('button', { name: /^(Collapse|Expand) sidebar$/ }).count()).toBe(0);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await onScreen(sidebar)).toBe(false);
    await expectAccessible(page, 'admin dashboard, 390px, sidebar closed');
    await expectNoSideScroll('admin dashboard');
    // A long first name does not push the header wider than the phone either.
    await page
      .getByRole('banner')
      .locator('strong')
      .evaluate((element) => {
        element.textContent = 'Abdurrahman-Muhammad';
      });
    await expectNoSideScroll('admin header with a long first name');
    await shot('admin-long-name');
    const avatar = page.getByRole('banner').locator('.mantine-Avatar-root');
    expect(
      await avatar.evaluate(
        (element) => element.getBoundingClientRect().right <= window.innerWidth,
      ),
    ).toBe(true);
    expect(await onScreen(burger)).toBe(true);
    await shot('admin-closed');

    // Closed, its links are out of the tab order: Tab from the burger never lands in it.
    await tabTo(page, burger);
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await contains(sidebar)).toBe(false);
    }

    // By keyboard: the burger opens it, Escape closes it.
    await tabTo(page, burger, { backwards: true });
    await page.keyboard.press('Enter');
    await waitUntil(() => onScreen(sidebar), 'the sidebar on screen');
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await burger.getAttribute('aria-label')).toBe('Close sidebar');
    await expectAccessible(page, 'admin dashboard, 390px, sidebar open');
    await shot('admin-open');
    // Its links can be reached by Tab.
    await tabTo(page, users, { maxPresses: 20 });
    await page.keyboard.press('Escape');
    await waitUntil(async () => !(await onScreen(sidebar)), 'the sidebar off screen');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    // The focus was in it (on Users): it comes back to the burger.
    await waitUntil(() => isFocused(burger), 'focus back on the burger');

    // Ctrl+B opens and closes it (Mantine's `mod`: Cmd on a Mac, Ctrl here).
    await page.keyboard.press('Control+b');
    await waitUntil(() => onScreen(sidebar), 'the sidebar opened by Ctrl+B');
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Control+b');
    await waitUntil(async () => !(await onScreen(sidebar)), 'the sidebar closed by Ctrl+B');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    // A link followed by keyboard in the drawer goes there and closes it; the focus moves to the
    // new page's heading (not lost in the closed drawer).
    await page.keyboard.press('Control+b');
    await waitUntil(() => onScreen(sidebar), 'the sidebar opened by Ctrl+B again');
    await tabTo(page, sidebar.getByRole('link', { name: 'Death Reports' }), { maxPresses: 20 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/death-reports');
    await waitUntil(async () => !(await onScreen(sidebar)), 'the sidebar closed after Enter');
    await waitUntil(
      () => isFocused(page.getByRole('heading', { level: 1 })),
      "focus on the page's heading after the link",
    );

    await burger.tap();
    await waitUntil(() => onScreen(sidebar), 'the sidebar opened by a tap');

    // A link followed in the drawer goes there and closes it.
    await users.tap();
    await page.waitForURL('**/admin/users');
    await waitUntil(async () => !(await onScreen(sidebar)), 'the sidebar closed after a link');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
  });
});
