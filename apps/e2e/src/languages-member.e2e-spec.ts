import type { Browser, Locator, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { loadCatalogue, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { expectLanguage } from './support/languages';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';

const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';

/** The Latin words left in one part of a page (the parts of the page this area converted). */
async function expectNoEnglishIn(part: Locator, label: string, allow: readonly string[]) {
  const allowed = new Set(
    ['JIBS', 'English', ...allow].flatMap((text) => text.split(/[^A-Za-z]+/)).filter(Boolean),
  );
  const texts = await part.evaluate((element) => {
    const found: string[] = [(element as HTMLElement).innerText];
    for (const child of Array.from(
      element.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = child.getAttribute(attribute);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const left = [...new Set(texts.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []))].filter(
    (word) => !allowed.has(word),
  );
  expect({ label, left }).toEqual({ label, left: [] });
}

describe("languages: the member's language on their profile, in Chromium", () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let ar: Translator;
  let ur: Translator;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([
      startE2eStack({ shared: true }),
      launchChromium(),
    ]);
    ar = await loadCatalogue('ar');
    ur = await loadCatalogue('ur');
    // The stack starts slowly on a busy machine.
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  async function signIn(page: Page, email: string, password: string, t?: Translator) {
    await page.goto(`${stack.gatewayUrl}/login`);
    const label = (namespace: string, key: string, english: string) =>
      t ? t.t(namespace, key) : english;
    await page.getByLabel(label('SignInMessages', 'email', 'Email')).fill(email);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page
      .getByRole('button', { name: label('HeaderMessages', 'signIn', 'Sign In'), exact: true })
      .click();
    await page.waitForURL('**/dashboard**');
  }

  it('the header stores Arabic on the profile; a new browser signs in to Arabic; Hijri dates show on the dashboard', async () => {
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const input = aSignUp({ firstName: 'Amina', lastName: 'Rahman' });
    const { user } = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, user.id);
    const email = String(input.email);
    const password = String(input.password);
    // What the member typed, shown as typed.
    const typed = [
      email,
      'Amina',
      'Rahman',
      'Elm',
      'St',
      'Dearborn',
      'MI',
      'Google',
      'Microsoft',
      'Authenticator',
      // The US postal code's name, kept beside the Arabic and Urdu (registration's wording).
      'ZIP',
    ];

    // Signed in in English, the member switches to Arabic in the header.
    const first = await browser.newContext({ locale: 'en-US' });
    const page = await first.newPage();
    await signIn(page, email, password);
    await expectLanguage(page, 'en');
    await page.getByLabel('Language').first().selectOption('ar');
    await expectLanguage(page, 'ar');

    // The profile shows Arabic: the header stored it.
    await page.goto(`${stack.gatewayUrl}/profile`);
    await expectLanguage(page, 'ar');
    await page
      .getByRole('heading', { level: 1, name: ar.t('MemberProfileMessages', 'title') })
      .waitFor();
    const languageSection = page.getByRole('region', {
      name: ar.t('MemberProfileMessages', 'languageAndDates'),
    });
    // Mantine's Select: the input shows the chosen option's name.
    await expect(languageSection.locator('input').first().inputValue()).resolves.toBe('العربية');
    for (const id of ['personal', 'address', 'language', 'security']) {
      await expectNoEnglishIn(
        page.locator(`section[aria-labelledby="${id}"]`),
        `profile ${id}, ar`,
        typed,
      );
    }
    await expectAccessible(page, 'profile, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/profile-ar.png`, fullPage: true });

    // A bad phone number: its error in Arabic, nothing saved.
    const phone = page.getByLabel(ar.t('RegistrationMessages', 'phone'));
    await phone.fill('(555) 12');
    await phone.blur();
    await page.getByText(ar.t('Messages', 'invalidPhone')).first().waitFor();
    await expectAccessible(page, 'profile with a phone error, ar');
    await first.close();

    // A new browser, no cookie, an English browser: signing in gives the profile's Arabic.
    const second = await browser.newContext({ locale: 'en-US' });
    const fresh = await second.newPage();
    await signIn(fresh, email, password);
    await expectLanguage(fresh, 'ar');
    expect((await second.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ar');
    await fresh
      .getByRole('heading', {
        level: 1,
        name: ar.t('DashboardMessages', 'welcome', { firstName: 'Amina' }),
      })
      .waitFor();
    await expectNoEnglishIn(fresh.locator('main'), 'dashboard, ar', typed);
    await expectAccessible(fresh, 'dashboard, ar');

    // Hijri dates, chosen on the profile: the dashboard's date shows the Umm al-Qura date beside.
    await fresh.goto(`${stack.gatewayUrl}/profile`);
    await fresh.getByLabel(ar.t('MemberProfileMessages', 'showHijri')).check();
    await fresh.getByText(ar.t('ClientMessages', 'profileUpdated')).first().waitFor();
    await fresh.goto(`${stack.gatewayUrl}/dashboard`);
    const since = fresh.getByTestId('member-since');
    await since.waitFor();
    await expect(since.innerText()).resolves.toMatch(/\d{4} هـ\)/);
    await expectNoEnglishIn(fresh.locator('main'), 'dashboard with Hijri dates, ar', typed);
    await expectAccessible(fresh, 'dashboard with Hijri dates, ar');
    await fresh.screenshot({ path: `${SCREENSHOTS}/dashboard-hijri-ar.png`, fullPage: true });

    // Urdu from the header, then the profile page in Urdu.
    await fresh.getByLabel(ar.t('HeaderMessages', 'language')).first().selectOption('ur');
    await expectLanguage(fresh, 'ur');
    await fresh.goto(`${stack.gatewayUrl}/profile`);
    await expectLanguage(fresh, 'ur');
    await fresh
      .getByRole('heading', { level: 1, name: ur.t('MemberProfileMessages', 'title') })
      .waitFor();
    for (const id of ['personal', 'address', 'language', 'security']) {
      await expectNoEnglishIn(
        fresh.locator(`section[aria-labelledby="${id}"]`),
        `profile ${id}, ur`,
        typed,
      );
    }
    await expectAccessible(fresh, 'profile, ur');
    await fresh.screenshot({ path: `${SCREENSHOTS}/profile-ur.png`, fullPage: true });

    await second.close();
  }, 300_000);
});
