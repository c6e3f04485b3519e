import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import type { Locale } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { englishInContext } from './support/languages';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signIn, signInAsAdmin } from './support/web-flows';

/**
 * Every page of both clients in each of the three languages, one after the other: the page's
 * `<html lang dir>`, axe (0 critical, 0 serious) and, in Arabic and Urdu, no English word left
 * but what members typed and the data set apart as typed (`<bdi>`, `translate="no"`: names,
 * emails, identifiers). The other languages specs walk each area's dialogs and flows; this one
 * makes sure no page was forgotten.
 */

const LANGUAGES: readonly Locale[] = ['en', 'ar', 'ur'];

// Full-page screenshots of every page in Arabic and Urdu, to look at (JIBS_SCREENSHOTS to put them elsewhere).
const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';

const PUBLIC_PAGES = ['/', '/login', '/register', '/faq', '/contact', '/memorials', '/janazah'];

const MEMBER_PAGES = [
  '/dashboard',
  '/profile',
  '/payment-history',
  '/memorials',
  '/memorials/create',
  '/submit-death',
  '/my-reports',
  '/upload',
  '/janazah',
];

const ADMIN_PAGES = [
  '/admin',
  '/admin/death-reports',
  '/admin/janazah',
  '/admin/users',
  '/admin/documents',
  '/admin/settings',
  '/admin/exports',
  '/admin/analytics',
  '/admin/fund',
  '/admin/notifications',
  '/admin/webhooks',
  '/admin/operations',
  '/admin/audit',
];

const CREATE_MEMORIAL = /* GraphQL */ `
  mutation ($input: MemorialInput!) {
    createMemorial(input: $input) {
      id
    }
  }
`;

const SUBMIT_REPORT = /* GraphQL */ `
  mutation ($input: SubmitDeathReportInput!) {
    submitDeathReport(input: $input) {
      id
    }
  }
`;

describe('every page of both clients in English, Arabic and Urdu, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  const member = aSignUp({ firstName: 'Amina', lastName: 'Rahman' });
  const memorialName = 'Khadija Rahman';
  const deceasedName = `Yusuf Rahman ${Date.now().toString(36)}`;
  let memorialId: string;
  let reportId: string;
  let typed: string[];

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(client, stack, member);
    await payRegistrationByApi(client, stack, user.id);
    const memorial = await client.request<{ createMemorial: { id: string } }>(CREATE_MEMORIAL, {
      input: { fullName: memorialName, privacyLevel: 'PUBLIC' },
    });
    expect(memorial.errors).toBeUndefined();
    memorialId = memorial.data!.createMemorial.id;
    // Cases learns the household from billing's event: asked again until it has.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const report = await client.request<{ submitDeathReport: { id: string } }>(SUBMIT_REPORT, {
        input: {
          deceasedName,
          dateOfDeath: '2026-01-15',
          placeOfDeath: 'Dearborn, MI',
          relationshipToDeceased: 'Parent',
        },
      });
      if (!report.errors) {
        reportId = report.data!.submitDeathReport.id;
        break;
      }
      if (Date.now() > deadline) throw new Error(JSON.stringify(report.errors));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    typed = [
      String(member.firstName),
      String(member.lastName),
      String(member.email),
      String(member.addressLine1),
      String(member.city),
      stack.adminEmail ?? '',
      memorialName,
      deceasedName,
      'Dearborn MI',
      // The stack's first admin.
      'Site Administrator',
      // The memorial's initials on its avatar.
      'KR',
      // ZIP is the US postal code's own name; authenticator apps by their own names; a backup
      // file's type, and the formats' own names (PDF, JPEG, PNG, CSV, JSON).
      'ZIP',
      'PDF',
      'JPEG',
      'JPG',
      'PNG',
      'CSV',
      'JSON',
      // What the console's messages quote as typed: a URL's scheme, an example address, an
      // audit action's name.
      'https',
      'https://example.org/jibs-webhooks',
      'death_report.approved',
      'Google Authenticator',
      'Microsoft Authenticator',
      'json',
    ];
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  /** Opens a page and waits for it to have shown its content (its heading, no loader left). */
  async function open(page: Page, path: string, lang: Locale): Promise<void> {
    await page.goto(`${stack.gatewayUrl}${path}`);
    await page.waitForFunction(
      ([l, d]) => document.documentElement.lang === l && document.documentElement.dir === d,
      [lang, lang === 'en' ? 'ltr' : 'rtl'],
    );
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(
      () =>
        document.querySelectorAll(
          '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root',
        ).length === 0,
      undefined,
      { timeout: 30_000 },
    );
  }

  /** Checks the page as it is now: axe, and in Arabic and Urdu the English left on it. */
  async function check(page: Page, path: string, lang: Locale, who: string): Promise<void> {
    await expectAccessible(page, `${path}, ${lang}`);
    if (lang === 'en') return;
    const name = path
      .replace(/[0-9a-f-]{36}/, 'id')
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '');
    await page.screenshot({
      path: `${SCREENSHOTS}/sweep-${who}-${name || 'home'}-${lang}.png`,
      fullPage: true,
    });
    const asTyped = await page
      .locator('bdi, [translate="no"]')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText));
    const left = await englishInContext(page, [...typed, ...asTyped], 'body');
    for (const [word, around] of left)
      englishLeft.push(`${path} in ${lang}: ${word} (…${around}…)`);
  }

  /** Every page's English left, gathered so that one run names them all. */
  const englishLeft: string[] = [];
  afterEach(() => {
    const found = englishLeft.splice(0);
    expect(found).toEqual([]);
  });

  /** Switches with the header's choice, which a signed-in user's client saves on their profile. */
  async function switchSignedIn(page: Page, home: string, lang: Locale): Promise<void> {
    await page.goto(`${stack.gatewayUrl}${home}`);
    // The home page shows once the session is known: a choice made before would not be saved.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const switcher = page.getByRole('banner').locator('select').first();
    await switcher.waitFor();
    if ((await switcher.inputValue()) === lang) return;
    await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/graphql') &&
          (response.request().postData() ?? '').includes('SaveLanguageChoice'),
      ),
      switcher.selectOption(lang),
    ]);
  }

  async function visitorIn(lang: Locale): Promise<BrowserContext> {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'lang', value: lang, url: stack.gatewayUrl }]);
    return context;
  }

  it.each(LANGUAGES)(
    "a visitor's pages in %s",
    async (lang) => {
      const context = await visitorIn(lang);
      try {
        const page = await context.newPage();
        for (const path of [...PUBLIC_PAGES, `/memorial/${memorialId}`, '/no-such-page']) {
          await open(page, path, lang);
          await check(page, path, lang, 'visitor');
        }
      } finally {
        await context.close();
      }
    },
    600_000,
  );

  it("a member's pages in English, Arabic and Urdu", async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await context.newPage();
      await signIn(page, stack, String(member.email), String(member.password));
      await page.waitForURL('**/dashboard**');
      for (const lang of LANGUAGES) {
        await switchSignedIn(page, '/dashboard', lang);
        for (const path of [
          ...MEMBER_PAGES,
          `/my-reports/${reportId}`,
          `/memorial/${memorialId}`,
        ]) {
          await open(page, path, lang);
          await check(page, path, lang, 'member');
        }
      }
    } finally {
      await context.close();
    }
  }, 600_000);

  it("an admin's pages in English, Arabic and Urdu", async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await context.newPage();
      await signInAsAdmin(page, stack);
      for (const lang of LANGUAGES) {
        await switchSignedIn(page, '/admin', lang);
        for (const path of ADMIN_PAGES) {
          await open(page, path, lang);
          await check(page, path, lang, 'admin');
        }
      }
    } finally {
      await context.close();
    }
  }, 600_000);
});
