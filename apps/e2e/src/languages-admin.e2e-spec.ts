import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { loadCatalogue, type Locale, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { expectLanguage, expectNoEnglish } from './support/languages';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signInAsAdmin } from './support/web-flows';

// Screenshots of the console in Arabic and Urdu, to look at (JIBS_SCREENSHOTS to put them elsewhere).
const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';

const SUBMIT_REPORT = /* GraphQL */ `
  mutation Submit($input: SubmitDeathReportInput!) {
    submitDeathReport(input: $input) {
      id
    }
  }
`;

/** An authenticator code is taken once: a second sign-in waits for the next 30-second window. */
async function nextTotpWindow(after: number): Promise<void> {
  const next = (Math.floor(after / 30_000) + 1) * 30_000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now()) + 500));
}

describe('the admin console in Arabic and Urdu, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let totpSecret: string;
  let signedInAt: number;
  const translators = {} as Record<Exclude<Locale, 'en'>, Translator>;
  const member = aSignUp();
  const deceasedName = `Yusuf Rahman ${Date.now().toString(36)}`;
  // What members typed (names, emails, a place) stays as typed; the fund's admin is 'Admin'.
  let allowed: string[];

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    translators.ar = await loadCatalogue('ar');
    translators.ur = await loadCatalogue('ur');
    allowed = [
      member.firstName,
      member.lastName,
      member.email,
      stack.adminEmail ?? '',
      deceasedName,
      'Dearborn MI',
      '4 Elm St',
      // The stack's first admin: Site Administrator.
      'Site Administrator',
    ];
    // A member with a pending death report, seeded by API.
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(client, stack, member);
    await payRegistrationByApi(client, stack, user.id);
    const report = await client.request(SUBMIT_REPORT, {
      input: {
        deceasedName,
        dateOfDeath: '2026-01-15',
        placeOfDeath: 'Dearborn, MI',
        relationshipToDeceased: 'Parent',
      },
    });
    expect(report.errors).toBeUndefined();
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stop?.();
  });

  async function checkPage(label: string, locale: Exclude<Locale, 'en'>, shot?: string) {
    await expectNoEnglish(page, locale, label, allowed);
    await expectAccessible(page, `${label}, ${locale}`);
    if (shot) await page.screenshot({ path: `${SCREENSHOTS}/${shot}`, fullPage: true });
  }

  it('an admin switches the console to Arabic in its header: the dashboard reads in Arabic, mirrored', async () => {
    const ar = translators.ar;
    totpSecret = await signInAsAdmin(page, stack);
    signedInAt = Date.now();
    await page.goto(`${stack.gatewayUrl}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await expectLanguage(page, 'en');

    await page.getByRole('banner').getByLabel('Language').selectOption('ar');
    await expectLanguage(page, 'ar');
    await page
      .getByRole('heading', { level: 1, name: ar.t('AdminDashboardPageMessages', 'title') })
      .waitFor();
    await page.getByTestId('stat-pending-reviews-note').getByText(/1/).waitFor();
    await checkPage('admin dashboard', 'ar', 'admin-dashboard-ar.png');

    // Mirrored: the sidebar is on the right of the page.
    const nav = await page
      .getByRole('navigation', { name: ar.t('AdminLayoutMessages', 'adminPanel') })
      .boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(nav!.x).toBeGreaterThan(main!.x);

    // Remembered: a reload opens in Arabic.
    await page.reload();
    await expectLanguage(page, 'ar');
    await page
      .getByRole('heading', { level: 1, name: ar.t('AdminDashboardPageMessages', 'title') })
      .waitFor();
  });

  it('the users list in Arabic', async () => {
    const ar = translators.ar;
    await page.getByRole('link', { name: ar.t('AdminLayoutMessages', 'users') }).click();
    await page
      .getByRole('heading', { level: 2, name: `${member.firstName} ${member.lastName}` })
      .waitFor();
    await checkPage('admin users', 'ar');

    // The user's details drawer (its household and audit trail lines are still English: see
    // the README's languages section).
    await page
      .getByRole('button', {
        name: ar.t('AdminUsersPageMessages', 'viewDetailsOf', {
          name: `${member.firstName} ${member.lastName}`,
        }),
      })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: ar.t('AdminUserDetailsMessages', 'profile') })
      .waitFor();
    await expectAccessible(page, 'admin user details, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/admin-user-ar.png`, fullPage: true });
    await page.keyboard.press('Escape');
  });

  it('a death report to review, in Arabic', async () => {
    const ar = translators.ar;
    await page.goto(`${stack.gatewayUrl}/admin/death-reports`);
    await expectLanguage(page, 'ar');
    const card = page.getByRole('article', { name: deceasedName });
    await card.waitFor();
    await card.getByText(ar.t('AdminReviewsPageMessages', 'pendingReview')).waitFor();
    await card
      .getByRole('button', {
        name: ar.t('AdminReviewsPageMessages', 'approveReportOn', { name: deceasedName }),
      })
      .waitFor();
    await expectAccessible(page, 'admin death reports, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/admin-review-ar.png`, fullPage: true });
    // Not expectNoEnglish here: the assessment's reasons and a few words are still English
    // (listed in the README's languages section).
  });

  it('sent messages in Arabic', async () => {
    await page.goto(`${stack.gatewayUrl}/admin/notifications`);
    await expectLanguage(page, 'ar');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('table').first().waitFor();
    // What was sent, as it was sent (the members' language is English): subjects and kinds.
    const sent = await page
      .locator('[data-testid=sent-subject], [data-testid=sent-kind]')
      .allInnerTexts();
    expect(sent.length).toBeGreaterThan(0);
    await expectNoEnglish(page, 'ar', 'admin sent messages', [...allowed, ...sent]);
    await expectAccessible(page, 'admin sent messages, ar');
  });

  it('a fresh browser signing in as that admin gets Arabic from the profile; Urdu on the dashboard', async () => {
    const fresh = await browser.newContext({ locale: 'en-US' });
    try {
      const other = await fresh.newPage();
      await nextTotpWindow(signedInAt);
      await signInAsAdmin(other, stack, { totpSecret });
      await other.goto(`${stack.gatewayUrl}/admin`);
      await expectLanguage(other, 'ar');
      await other
        .getByRole('heading', {
          level: 1,
          name: translators.ar.t('AdminDashboardPageMessages', 'title'),
        })
        .waitFor();

      // Urdu, chosen in the header (and saved on the profile for the next sign-in).
      await other
        .getByRole('banner')
        .getByLabel(translators.ar.t('HeaderMessages', 'language'))
        .selectOption('ur');
      await expectLanguage(other, 'ur');
      await other
        .getByRole('heading', {
          level: 1,
          name: translators.ur.t('AdminDashboardPageMessages', 'title'),
        })
        .waitFor();
      await expectNoEnglish(other, 'ur', 'admin dashboard', allowed);
      await expectAccessible(other, 'admin dashboard, ur');
      await other.screenshot({ path: `${SCREENSHOTS}/admin-dashboard-ur.png`, fullPage: true });
    } finally {
      await fresh.close();
    }
  });
});
