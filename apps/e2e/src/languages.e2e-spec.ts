import type { Browser, BrowserContext } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { loadCatalogue, type Locale, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { expectLanguage, expectNoEnglish } from './support/languages';

/** The fund's contact details in the footer (site-config.ts): Latin in every language. */
const FOOTER = [
  'info@jibs.example.org',
  'JIBS Community Office',
  'Example Street',
  'Springfield IL',
];

// Screenshots of the pages in Arabic and Urdu, to look at (JIBS_SCREENSHOTS to put them elsewhere).
const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';

describe('languages: English, Arabic and Urdu, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  const translators = {} as Record<Exclude<Locale, 'en'>, Translator>;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([
      startE2eStack({ shared: true }),
      launchChromium(),
    ]);
    translators.ar = await loadCatalogue('ar');
    translators.ur = await loadCatalogue('ur');
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  const visitor = (locale: string): Promise<BrowserContext> => browser.newContext({ locale });

  it('a visitor switches the landing page to Arabic; registration step 1 refuses in Arabic, mirrored; the choice is remembered', async () => {
    const ar = translators.ar;
    const context = await visitor('en-US');
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/`);
    await expectLanguage(page, 'en');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'landing, en');

    await page.getByLabel('Language').selectOption('ar');
    await expectLanguage(page, 'ar');
    await page.getByRole('heading', { level: 1, name: ar.t('LandingMessages', 'title') }).waitFor();
    await expectAccessible(page, 'landing, ar');
    await expectNoEnglish(page, 'ar', 'landing', FOOTER);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-ar.png`, fullPage: true });
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ar');

    // Remembered: a new page load starts in Arabic.
    await page.reload();
    await expectLanguage(page, 'ar');

    await page
      .getByRole('link', { name: ar.t('HeaderMessages', 'register') })
      .first()
      .click();
    const submit = page.getByRole('button', {
      name: ar.t('RegistrationMessages', 'createAccount'),
    });
    await submit.waitFor();
    await page.getByLabel(ar.t('SignInMessages', 'email')).fill('not-an-email');
    await submit.click();
    // The schema's English errors, shown in Arabic (a field's name inside its message too).
    await page.getByText(ar.text('First name is required')).first().waitFor();
    expect(ar.text('First name is required')).toBe(
      `حقل ${ar.t('RegistrationMessages', 'firstName')} مطلوب`,
    );
    await page.getByText(ar.t('Messages', 'invalidEmail')).first().waitFor();
    await page.getByText(ar.t('Messages', 'citizenshipRequired')).first().waitFor();
    // Mirrored: the first field of a row sits on the right.
    const first = await page.getByLabel(ar.t('RegistrationMessages', 'firstName')).boundingBox();
    const last = await page.getByLabel(ar.t('RegistrationMessages', 'lastName')).boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    await expectAccessible(page, 'register step 1 with its errors, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/register-ar.png`, fullPage: true });
    await context.close();
  });

  it('a first visit follows the browser: Urdu, right to left, with its errors in Urdu', async () => {
    const ur = translators.ur;
    const context = await visitor('ur-PK');
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/`);
    await expectLanguage(page, 'ur');
    await page.getByRole('heading', { level: 1, name: ur.t('LandingMessages', 'title') }).waitFor();
    await expectAccessible(page, 'landing, ur');
    await expectNoEnglish(page, 'ur', 'landing', FOOTER);
    await page.screenshot({ path: `${SCREENSHOTS}/landing-ur.png`, fullPage: true });

    await page.goto(`${stack.gatewayUrl}/register`);
    const submit = page.getByRole('button', {
      name: ur.t('RegistrationMessages', 'createAccount'),
    });
    await submit.click();
    await page.getByText(ur.text('First name is required')).first().waitFor();
    await expectAccessible(page, 'register step 1 with its errors, ur');
    await page.screenshot({ path: `${SCREENSHOTS}/register-ur.png`, fullPage: true });

    // English again, from the switcher: left to right.
    await page.getByLabel(ur.t('HeaderMessages', 'language')).selectOption('en');
    await expectLanguage(page, 'en');
    await expectAccessible(page, 'register step 1, en');
    await context.close();
  });

  it("a member's dashboard and bell in Arabic and Urdu, and a memorial page in both", async () => {
    const { ar, ur } = translators;
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    // Signed up in Arabic: once signed in, the profile's language is the page's (issue 27).
    const input = aSignUp({ language: 'ar' });
    const { user } = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, user.id);
    const memorial = await client.request<{ createMemorial: { id: string } }>(
      'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }',
      {
        input: {
          fullName: 'Maryam Saleh',
          privacyLevel: 'PUBLIC',
          birthDate: '1950-03-04',
          deathDate: '2026-03-06',
        },
      },
    );
    expect(memorial.errors).toBeUndefined();

    const context = await visitor('ar-EG');
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/login`);
    await expectLanguage(page, 'ar');
    await expectAccessible(page, 'sign-in, ar');
    await expectNoEnglish(page, 'ar', 'sign-in', FOOTER);
    await page.getByLabel(ar.t('SignInMessages', 'email')).fill(String(input.email));
    // The field itself (its show-password button is named after it too).
    await page.locator('input[type=password]').fill(String(input.password));
    await page.getByRole('button', { name: ar.t('HeaderMessages', 'signIn'), exact: true }).click();
    await page.waitForURL('**/dashboard**');
    await page
      .getByRole('heading', {
        level: 1,
        name: ar.t('DashboardMessages', 'welcome', { firstName: String(input.firstName) }),
      })
      .waitFor();
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toContain(
      ar.t('DashboardMessages', 'notifications'),
    );
    await expectAccessible(page, 'dashboard, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-ar.png`, fullPage: true });
    await bell.click();
    await page.getByText(ar.t('DashboardMessages', 'markAllRead')).waitFor();
    await expectAccessible(page, 'notification bell open, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/bell-ar.png` });
    await page.keyboard.press('Escape');

    await page.goto(`${stack.gatewayUrl}/memorial/${memorial.data!.createMemorial.id}`);
    await page.getByRole('heading', { name: 'Maryam Saleh' }).first().waitFor();
    await expectAccessible(page, 'memorial page, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/memorial-ar.png`, fullPage: true });

    await page.getByLabel(ar.t('HeaderMessages', 'language')).selectOption('ur');
    await expectLanguage(page, 'ur');
    await expectAccessible(page, 'memorial page, ur');
    await page.screenshot({ path: `${SCREENSHOTS}/memorial-ur.png`, fullPage: true });
    await page.goto(`${stack.gatewayUrl}/dashboard`);
    await page
      .getByRole('heading', {
        level: 1,
        name: ur.t('DashboardMessages', 'welcome', { firstName: String(input.firstName) }),
      })
      .waitFor();
    await expectAccessible(page, 'dashboard, ur');
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-ur.png`, fullPage: true });

    await page.getByLabel(ur.t('HeaderMessages', 'language')).selectOption('en');
    await expectLanguage(page, 'en');
    await expectAccessible(page, 'dashboard, en');
    await context.close();
  });

  it("keeps a language chosen while the session is being restored, and stores it on the member's profile", async () => {
    const { ar } = translators;
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const input = aSignUp({ language: 'en', firstName: 'Yusuf' });
    const { user } = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, user.id);

    const context = await visitor('en-US');
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/login`);
    await page.getByLabel('Email').fill(String(input.email));
    await page.locator('input[autocomplete="current-password"]').fill(String(input.password));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard**');
    await expectLanguage(page, 'en');

    // A reload restores the session from the refresh cookie: held here until the reader has
    // chosen Arabic, as on a slow line. The profile says English.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let restoring!: () => void;
    const restoreSent = new Promise<void>((resolve) => (restoring = resolve));
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('RefreshSession')) {
        restoring();
        await held;
      }
      await route.continue();
    });
    await page.reload();
    await restoreSent;
    await page.getByLabel('Language').first().selectOption('ar');
    await expectLanguage(page, 'ar');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        (response.request().postData() ?? '').includes('SaveLanguageChoice'),
    );
    release();
    await page
      .getByRole('heading', {
        level: 1,
        name: ar.t('DashboardMessages', 'welcome', { firstName: 'Yusuf' }),
      })
      .waitFor();
    await saved;
    // Still Arabic after the restored session's profile was read, and the profile says so now.
    await expectLanguage(page, 'ar');
    const me = await client.request<{ me: { language: string } }>('query { me { language } }');
    expect(me.data?.me.language).toBe('ar');
    await context.close();
  });
});
