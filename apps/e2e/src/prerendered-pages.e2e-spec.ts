import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';

/** The public pages the build prerenders (apps/web/src/prerender.tsx), with their heading. */
const PAGES: ReadonlyArray<[path: string, heading: Record<'en' | 'ar' | 'ur', string>]> = [
  ['/', { en: 'Support for your family', ar: 'سند لأسرتك', ur: 'آپ کے خاندان کا سہارا' }],
  ['/login', { en: 'Sign in', ar: 'سجّل الدخول', ur: 'سائن اِن کریں' }],
  ['/register', { en: 'Membership Registration', ar: 'التسجيل في العضوية', ur: 'رکنیت' }],
  ['/faq', { en: 'Frequently Asked Questions', ar: 'الأسئلة الشائعة', ur: 'اکثر پوچھے' }],
  ['/contact', { en: 'Contact Us', ar: 'اتصل بنا', ur: 'ہم سے رابطہ کریں' }],
  ['/memorials', { en: 'Memorial Pages', ar: 'صفحات التأبين', ur: 'یادگاری صفحات' }],
];

/** How a visitor comes to each language: the browser's list, or the switch's cookie. */
const VISITORS: Record<'en' | 'ar' | 'ur', BrowserContextOptions & { cookie?: string }> = {
  en: { locale: 'en-US' },
  ar: { locale: 'ar-EG' },
  ur: { locale: 'en-US', cookie: 'lang=ur' },
};

describe('the public pages paint from the markup the build rendered, then React takes them over', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;

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

  async function visitor(language: 'en' | 'ar' | 'ur'): Promise<Page> {
    const { cookie, ...options } = VISITORS[language];
    const context = await browser.newContext(options);
    if (cookie) {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: stack.gatewayUrl }]);
    }
    return context.newPage();
  }

  it.each(['en', 'ar', 'ur'] as const)(
    'in %s, each page is whole, styled and accessible before any of its JS has run',
    async (language) => {
      const page = await visitor(language);
      // The page as it paints while its scripts are still on the way: none of them is let through.
      await page.route('**/*.js', (route) => route.abort());
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) refused.push(message.text());
      });
      for (const [path, heading] of PAGES) {
        await page.goto(`${stack.gatewayUrl}${path}`);
        const state = await page.evaluate(() => {
          const styled = document.querySelector<HTMLElement>('[data-ps]');
          return {
            lang: document.documentElement.lang,
            dir: document.documentElement.dir,
            prerendered: document.getElementById('root')?.dataset['prerendered'],
            // Nothing in it can be focused, typed in or sent until React owns it.
            inert: document.getElementById('root')?.inert,
            heading: document.querySelector('h1')?.textContent ?? '',
            // A rule moved out of an inline style applies to its element (no CSP refusal).
            styledByRule:
              styled !== null &&
              [
                ...(document.getElementById('jibs-prerendered-styles') as HTMLStyleElement).sheet!
                  .cssRules,
              ].some((rule) => rule instanceof CSSStyleRule && styled.matches(rule.selectorText)),
            inlineStyles: document.querySelectorAll('#root [style]').length,
          };
        });
        expect({ path, ...state }).toEqual({
          path,
          lang: language,
          dir: language === 'en' ? 'ltr' : 'rtl',
          prerendered: language,
          inert: true,
          heading: expect.stringContaining(heading[language]) as unknown,
          styledByRule: true,
          inlineStyles: 0,
        });
        // The markup as it will be once live (inert hides it from assistive technology until then).
        await page.evaluate(() => document.getElementById('root')?.removeAttribute('inert'));
        if (language !== 'ur')
          await expectAccessible(page, `${path} in ${language}, before its JS`);
      }
      expect(refused).toEqual([]);
      await page.context().close();
    },
  );

  it('React hydrates each page as it is: the same elements, no error, no refused style, and it works', async () => {
    const page = await visitor('en');
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { parsedHeading: Element | null }).parsedHeading =
          document.querySelector('h1');
      });
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    for (const [path] of PAGES) {
      await page.goto(`${stack.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
      const after = await page.evaluate(() => ({
        sameHeading:
          (window as unknown as { parsedHeading: Element | null }).parsedHeading ===
          document.querySelector('h1'),
        // The rules became the elements' own styles, and went.
        leftToAdopt: document.querySelectorAll('[data-ps]').length,
        rules: document.getElementById('jibs-prerendered-styles') !== null,
        inert: document.getElementById('root')?.inert,
        inlineStyles: document.querySelectorAll('#root [style]').length,
      }));
      expect({ path, ...after, inlineStyles: after.inlineStyles > 0 }).toEqual({
        path,
        sameHeading: true,
        leftToAdopt: 0,
        rules: false,
        inert: false,
        inlineStyles: true,
      });
    }
    // It works as an app: a link is followed in the page, not by loading another document.
    await page.goto(stack.gatewayUrl, { waitUntil: 'networkidle' });
    await page.evaluate(
      () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    // And a form answers: a wrong password is refused with the spec's message.
    await page.goto(`${stack.gatewayUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill('nobody-here@example.org');
    await page.getByLabel(/^Password/).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends a form filled as soon as the page shows through the app, never the browser, its fields never in the address', async () => {
    const page = await visitor('en');
    // The page shows a second and more before its scripts arrive (a slow line).
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    await page.goto(`${stack.gatewayUrl}/login`, { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    // Shown, not yet live: nothing in it takes a click or a key.
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(true);
    await page.getByLabel('Email').fill('nobody-here@example.org');
    await page.getByLabel(/^Password/).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(addresses.filter((address) => address.includes('password'))).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it("opens a linked answer, and a sign-up's code entry this tab started, straight after hydrating", async () => {
    const page = await visitor('en');
    await page.goto(`${stack.gatewayUrl}/faq#privacy`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Is my information safe?', expanded: true }).waitFor();
    await page.evaluate(() =>
      sessionStorage.setItem(
        'jibs.pendingSignUp',
        JSON.stringify({
          signUpToken: 'a-token',
          sentTo: 'a***@example.org',
          expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        }),
      ),
    );
    await page.goto(`${stack.gatewayUrl}/register`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.context().close();
  });

  it.each([
    ['a member (the session hint)', '/login', { cookie: 'jibs_session=1' }],
    ['a reader who shows the Hijri dates', '/faq', { cookie: 'hijri=1' }],
    ['a page opened with a query', '/login?from=%2Fdashboard', {}],
    ['a page the build did not render', '/janazah', {}],
  ])('gives %s the page to render in the browser', async (_, path, headers) => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      headers: { accept: 'text/html', ...headers },
    });
    const body = await res.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('data-prerendered');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
  });
});
