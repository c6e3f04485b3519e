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
import { PDF, put, START_DOCUMENT, type Slot } from './support/uploads';
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
const CONFIRM_DOCUMENT = /* GraphQL */ `
  mutation Confirm($input: ConfirmDocumentUploadInput!) {
    confirmDocumentUpload(input: $input) {
      id
    }
  }
`;

/**
 * The admin console's settings, documents review, a death report's eligibility assessment and a
 * member's billing with the offline payment dialog, in Arabic (and the settings and the dialog in
 * Urdu): no English word left, axe clean, screenshots.
 */
describe('the admin console settings, documents, assessment and billing in Arabic and Urdu', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const translators = {} as Record<Exclude<Locale, 'en'>, Translator>;
  const member = aSignUp();
  const deceasedName = `Yusuf Rahman ${Date.now().toString(36)}`;
  const fileName = 'certificate.pdf';
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
      fileName,
      'Dearborn MI',
      '4 Elm St',
      'US',
      // The stack's first admin, the site's name and the file types' names (PDF, JPG...).
      'Site Administrator',
      'JIBS',
      'PDF',
      'JPG',
      'JPEG',
      'PNG',
      // Still English (see README): words the member site's case pages also write, which
      // wt-i18n-cases puts in the catalogue ('Burial assistance', 'Admin notes').
      'Burial',
      'assistance',
      'Assistance',
      // Mantine's hidden copy of an autosizing textarea (aria-hidden, never shown or read out).
      'autosize',
      'measurement',
      // Urdu's own (CLDR) way of writing a time of day: '6:35 PM'.
      'AM',
      'PM',
      'Admin',
      'notes',
    ];
    // A member with a paid registration, a pending death report and a document, by API.
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
    const slot = await client.request<{ startDocumentUpload: Slot }>(START_DOCUMENT, {
      input: {
        fileName,
        fileType: 'application/pdf',
        fileSize: PDF.length,
        documentType: 'Death Certificate',
      },
    });
    expect(slot.errors).toBeUndefined();
    await put(slot.data!.startDocumentUpload, PDF);
    const confirmed = await client.request(CONFIRM_DOCUMENT, {
      input: {
        key: slot.data!.startDocumentUpload.key,
        fileName,
        documentType: 'Death Certificate',
      },
    });
    expect(confirmed.errors).toBeUndefined();
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stop?.();
  });

  async function checkPage(label: string, locale: Exclude<Locale, 'en'>, shot: string) {
    await expectNoEnglish(page, locale, label, allowed);
    await expectAccessible(page, `${label}, ${locale}`);
    await page.screenshot({ path: `${SCREENSHOTS}/${shot}-${locale}.png`, fullPage: true });
  }

  async function switchTo(locale: Exclude<Locale, 'en'>) {
    await page
      .getByRole('banner')
      .getByLabel(/Language|اللغة|زبان/)
      .selectOption(locale);
    await expectLanguage(page, locale);
  }

  it('the settings page in Arabic, with a field error, and in Urdu', async () => {
    await signInAsAdmin(page, stack);
    await page.goto(`${stack.gatewayUrl}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await switchTo('ar');
    const ar = translators.ar;
    await page
      .getByRole('heading', { level: 1, name: ar.t('AdminSettingsPageMessages', 'title') })
      .waitFor();
    await page
      .getByRole('button', { name: ar.t('AdminSettingsPageMessages', 'saveAll') })
      .waitFor();
    await checkPage('admin settings', 'ar', 'admin-settings');

    // A wrong amount: the form's own check, in Arabic.
    const fee = page.getByLabel(ar.t('AdminSettingsPageMessages', 'memberFeeUsd'));
    await fee.fill('abc');
    await page.getByRole('button', { name: ar.t('AdminSettingsPageMessages', 'saveAll') }).click();
    await page
      .getByText(
        ar.t('AdminSettingsPageMessages', 'amountInDollars', {
          field: ar.t('AdminFieldWords', 'memberFee'),
        }),
      )
      .waitFor();
    await expectNoEnglish(page, 'ar', 'admin settings with an error', allowed);
    await page.reload();

    await switchTo('ur');
    await page
      .getByRole('heading', {
        level: 1,
        name: translators.ur.t('AdminSettingsPageMessages', 'title'),
      })
      .waitFor();
    await checkPage('admin settings', 'ur', 'admin-settings');
    await switchTo('ar');
  });

  it('documents review and its dialog in Arabic', async () => {
    const ar = translators.ar;
    await page.goto(`${stack.gatewayUrl}/admin/documents`);
    await expectLanguage(page, 'ar');
    await page.getByRole('cell', { name: fileName, exact: true }).waitFor();
    await checkPage('admin documents', 'ar', 'admin-documents');
    await page
      .getByRole('button', { name: ar.t('AdminDocumentsPageMessages', 'reviewFile', { fileName }) })
      .click();
    await page
      .getByRole('dialog', { name: ar.t('AdminDocumentsPageMessages', 'reviewDocument') })
      .waitFor();
    await checkPage('admin document review', 'ar', 'admin-document-review');
    await page.keyboard.press('Escape');
  });

  it("a death report's eligibility assessment in Arabic: rule names and reasons by code", async () => {
    const ar = translators.ar;
    await page.goto(`${stack.gatewayUrl}/admin/death-reports`);
    await expectLanguage(page, 'ar');
    const card = page.getByRole('article', { name: deceasedName });
    await card.waitFor({ timeout: 20_000 }).catch(async (failure: unknown) => {
      await page.screenshot({
        path: `${SCREENSHOTS}/admin-assessment-failed-ar.png`,
        fullPage: true,
      });
      throw failure;
    });
    await card
      .getByText(ar.t('EligibilityRuleMessages', 'CLAIM_WINDOW'), { exact: false })
      .waitFor();
    await checkPage('admin death report with its assessment', 'ar', 'admin-assessment');
  });

  it("a member's billing in the user drawer and the offline payment dialog, in Arabic and Urdu", async () => {
    const ar = translators.ar;
    const fullName = `${member.firstName} ${member.lastName}`;
    await page.goto(`${stack.gatewayUrl}/admin/users`);
    await expectLanguage(page, 'ar');
    await page
      .getByRole('button', {
        name: ar.t('AdminUsersPageMessages', 'viewDetailsOf', { name: fullName }),
      })
      .click();
    const record = page.getByRole('button', {
      name: ar.t('AdminBillingMessages', 'recordOfflinePayment'),
    });
    await record.waitFor();
    await page
      .getByRole('table', { name: ar.t('AdminBillingMessages', 'paymentsCaption') })
      .waitFor();
    // The payment's id at the provider stays as it is.
    allowed.push(...(await page.getByTestId('payment-id').allInnerTexts()));
    await checkPage('admin user drawer with billing', 'ar', 'admin-user-billing');

    await record.click();
    const dialog = page.getByRole('dialog', {
      name: ar.t('AdminBillingMessages', 'recordOfflinePayment'),
    });
    await dialog.waitFor();
    // 'Amount (USD)' is still English (see README): the member site's claim form words it too.
    allowed.push('Amount', 'USD');
    await checkPage('admin offline payment', 'ar', 'admin-offline-payment');

    await page.goto(`${stack.gatewayUrl}/admin/users`);
    await switchTo('ur');
    const ur = translators.ur;
    await page
      .getByRole('button', {
        name: ur.t('AdminUsersPageMessages', 'viewDetailsOf', { name: fullName }),
      })
      .click();
    await page
      .getByRole('button', { name: ur.t('AdminBillingMessages', 'recordOfflinePayment') })
      .click();
    await page
      .getByRole('dialog', { name: ur.t('AdminBillingMessages', 'recordOfflinePayment') })
      .waitFor();
    await checkPage('admin offline payment', 'ur', 'admin-offline-payment');
  });
});
