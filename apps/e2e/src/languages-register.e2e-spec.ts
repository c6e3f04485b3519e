import type { Browser, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { loadCatalogue, type Locale, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { englishLeftOn, expectLanguage } from './support/languages';
import { latestMail } from './support/web-flows';

// Screenshots of the pages in Arabic and Urdu, to look at (JIBS_SCREENSHOTS to put them elsewhere).
const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';
const PAYS = '4242 4242 4242 4242';

describe('registration and billing in Arabic and Urdu, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let ar: Translator;
  let ur: Translator;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    [ar, ur] = await Promise.all([loadCatalogue('ar'), loadCatalogue('ur')]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  /**
   * No English left in the page's own content (its <main> and any open dialog: the header and
   * footer are the public pages' work, checked by their own spec), axe clean, and a full-page
   * screenshot to look at. English words of the header and footer are logged, not failed on.
   */
  async function check(
    page: Page,
    locale: Exclude<Locale, 'en'>,
    name: string,
    allow: readonly string[] = [],
  ): Promise<void> {
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${locale}.png`, fullPage: true });
    const whole = await englishLeftOn(page, allow);
    const own = await englishLeftIn(page, allow);
    const around = whole.filter((word) => !own.includes(word));
    if (around.length) {
      process.stdout.write(`${name}, ${locale}: header/footer English: ${around.join(', ')}\n`);
    }
    if (own.length) {
      throw new Error(`${name}: English words left on a page in ${locale}: ${own.join(', ')}`);
    }
    await expectAccessible(page, `${name}, ${locale}`);
  }

  /** englishLeftOn's words, read only from <main> and open dialogs. */
  async function englishLeftIn(page: Page, allow: readonly string[]): Promise<string[]> {
    const allowed = new Set(
      ['JIBS', ...allow].flatMap((text) => text.split(/[^A-Za-z]+/)).filter(Boolean),
    );
    const texts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main, [role="dialog"]')).flatMap((root) => [
        (root as HTMLElement).innerText,
        ...Array.from(
          root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
        ).flatMap((element) =>
          ['aria-label', 'placeholder', 'title', 'alt'].map(
            (attribute) => element.getAttribute(attribute) ?? '',
          ),
        ),
      ]),
    );
    const left = new Set<string>();
    for (const text of texts) {
      for (const word of text.match(/[A-Za-z]{2,}/g) ?? []) {
        if (!allowed.has(word)) left.add(word);
      }
    }
    return [...left].sort();
  }

  /** A message's Arabic words before its first placeholder ("ادفع " of "ادفع {amount}"). */
  function before(namespace: string, key: string, names: string[]): string {
    const marked = ar.t(namespace, key, Object.fromEntries(names.map((name) => [name, '\u0000'])));
    return marked.split('\u0000')[0]!.replace(/[()]/g, '');
  }

  /** The texts the page shows untranslated on purpose: ids from the payment provider. */
  const providerIds = (page: Page): Promise<string[]> =>
    page.locator('[translate="no"]').allInnerTexts();

  /**
   * The sandbox checkout is billing's stand-in for the provider's own page (not the web app's); it
   * follows the reader's language as Stripe's does (the site's language cookie).
   */
  async function payOnSandboxPage(page: Page, name: string, allow: string[]): Promise<void> {
    const checkout = (key: string) => ar.t('SandboxCheckoutMessages', key);
    await page.waitForURL('**/sandbox/checkout/**');
    await expectLanguage(page, 'ar');
    await page.getByRole('heading', { level: 1, name: checkout('title') }).waitFor();
    await check(page, 'ar', name, allow);
    await page.getByLabel(checkout('cardNumber')).fill(PAYS);
    await page
      .getByRole('button', {
        name: new RegExp(`^${before('SandboxCheckoutMessages', 'pay', ['amount'])}`),
      })
      .click();
  }

  it('the whole registration in Arabic (errors on steps 1 and 2, the fee and dues through the sandbox), then payment history, a receipt and the export in Arabic and Urdu', async () => {
    const input = aSignUp();
    const email = String(input.email);
    // What the member typed stays as typed (the state is its postal code); ZIP is the US postal
    // code's name and US$ is how Intl writes the dollar in Arabic and Urdu.
    const typed = [email, String(input.firstName), String(input.lastName), 'MI', 'ZIP', 'US'];
    const wizard = (key: string, params?: Record<string, string | number>) =>
      ar.t('RegistrationWizardMessages', key, params);
    const registration = (key: string) => ar.t('RegistrationMessages', key);
    const context = await browser.newContext({ locale: 'ar-EG' });
    const page = await context.newPage();

    // Step 1: its errors in Arabic, then the details.
    await page.goto(`${stack.gatewayUrl}/register`);
    await expectLanguage(page, 'ar');
    await page.getByRole('heading', { level: 1, name: wizard('title') }).waitFor();
    const create = page.getByRole('button', { name: registration('createAccount') });
    await create.click();
    await page.getByText(ar.text('First name is required')).first().waitFor();
    await page.getByText(ar.t('Messages', 'citizenshipRequired')).first().waitFor();
    await check(page, 'ar', 'register-step1', ['ZIP']);

    await page.getByLabel(registration('firstName')).fill(String(input.firstName));
    await page.getByLabel(registration('lastName')).fill(String(input.lastName));
    await page.getByLabel(ar.t('SignInMessages', 'email')).fill(email);
    await page
      .getByLabel(new RegExp(`^${ar.t('SignInMessages', 'password')}`))
      .fill(String(input.password));
    await page.getByLabel(registration('confirmPassword')).fill(String(input.confirmPassword));
    await page.getByLabel(registration('phone')).fill(String(input.phone).replace(/\D/g, ''));
    await page.getByLabel(registration('dateOfBirth')).fill(String(input.dateOfBirth));
    await page.getByLabel(registration('addressLine1')).fill(String(input.addressLine1));
    await page.getByLabel(registration('city')).fill(String(input.city));
    const state = page.getByRole('combobox', { name: registration('state') });
    await state.fill('MI');
    await page.getByRole('option', { name: 'MI', exact: true }).click();
    await page.getByLabel(registration('zipCode')).fill(String(input.zipCode));
    await page.getByLabel(registration('citizen')).check();
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await create.click();

    // Step 2: the emailed code; a wrong one first, refused in Arabic.
    await page.getByRole('heading', { name: wizard('verifyEmailHeading') }).waitFor();
    const codeBox = page.getByLabel(wizard('codeLabel')).first();
    await codeBox.click();
    await page.keyboard.type('000000');
    await page.getByRole('button', { name: wizard('verify'), exact: true }).click();
    await page.getByText(ar.t('VerificationMessages', 'invalidCodeTitle')).first().waitFor();
    await check(page, 'ar', 'register-step2', typed);
    // The email is in the member's language too: the code is its six digits.
    const [, code] = await latestMail(stack, email, /(?<!\d)(\d{6})(?!\d)/, startedAt);
    await codeBox.click();
    await page.keyboard.type(code!);
    await page.getByRole('button', { name: wizard('verify'), exact: true }).click();
    await page.getByText(wizard('verifySignInsHeading')).waitFor();
    await check(page, 'ar', 'register-step2-method', [
      ...typed,
      'Google Authenticator',
      'Microsoft Authenticator',
    ]);
    await page.getByRole('button', { name: wizard('continue'), exact: true }).click();

    // Step 3: the household (none) beside the payment summary, money in Arabic.
    await page
      .getByRole('heading', { name: wizard('stepHousehold') })
      .first()
      .waitFor();
    await page.getByText(wizard('dueToday')).waitFor();
    await check(page, 'ar', 'register-step3', typed);
    await page.getByRole('button', { name: wizard('continue'), exact: true }).click();

    // Step 4: the registration fee, paid through the sandbox.
    const pay = page.getByRole('button', {
      name: new RegExp(`^${before('RegistrationWizardMessages', 'pay', ['amount'])}`),
    });
    await pay.waitFor();
    await check(page, 'ar', 'register-step4', typed);
    await pay.click();
    await payOnSandboxPage(page, 'sandbox-checkout-fee', typed);
    const toSetup = page.getByRole('link', {
      name: ar.t('RegistrationBillingMessages', 'continueToMembershipSetup'),
    });
    await toSetup.waitFor();
    await expectLanguage(page, 'ar');
    await check(page, 'ar', 'register-fee-paid', [...typed, ...(await providerIds(page))]);
    await toSetup.click();

    // Step 5: the monthly dues, set up through the sandbox.
    const setUp = page.getByRole('button', {
      name: new RegExp(`^${before('RegistrationWizardMessages', 'setUpDues', ['dues'])}`),
    });
    await setUp.waitFor();
    await check(page, 'ar', 'register-step5', typed);
    await setUp.click();
    await payOnSandboxPage(page, 'sandbox-checkout-dues', typed);
    await page.waitForURL('**/dashboard**', { timeout: 30_000 });

    // Billing: the payment history, a receipt, the export dialog.
    const billing = (key: string) => ar.t('RegistrationBillingMessages', key);
    await page.goto(`${stack.gatewayUrl}/payment-history`);
    const payments = page.getByRole('listitem').filter({ hasText: billing('paymentId') });
    await payments.first().waitFor();
    expect(await payments.count()).toBe(2);
    await payments
      .filter({ hasText: billing('statusCompleted') })
      .first()
      .waitFor();
    const ids = await providerIds(page);
    await check(page, 'ar', 'billing', [...typed, ...ids, 'PDF']);
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      payments
        .first()
        .getByRole('button', {
          name: new RegExp(
            `^${before('RegistrationBillingMessages', 'downloadReceipt', ['amount', 'date'])}`,
          ),
        })
        .click(),
    ]);
    expect(receipt.suggestedFilename()).toMatch(/^receipt.*\.pdf$/);

    await page.getByRole('button', { name: billing('export'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: billing('exportTitle') });
    await dialog.waitFor();
    await check(page, 'ar', 'billing-export', [...typed, ...ids, 'PDF', 'JSON', 'CSV']);
    await dialog.getByRole('button', { name: billing('cancel') }).click();

    // A cancelled checkout's page.
    await page.goto(`${stack.gatewayUrl}/payment-cancelled`);
    await page
      .getByRole('heading', { name: ar.t('PaymentMessages', 'paymentCancelledTitle') })
      .waitFor();
    await check(page, 'ar', 'payment-cancelled', typed);

    // The same history in Urdu, from the header's switcher.
    await page.goto(`${stack.gatewayUrl}/payment-history`);
    await page.getByLabel(ar.t('HeaderMessages', 'language')).selectOption('ur');
    await expectLanguage(page, 'ur');
    await page
      .getByRole('listitem')
      .filter({ hasText: ur.t('RegistrationBillingMessages', 'paymentId') })
      .first()
      .waitFor();
    await check(page, 'ur', 'billing', [...typed, ...ids, 'PDF']);
    await context.close();
  });

  it('registration step 1 in Urdu, with its errors', async () => {
    const context = await browser.newContext({ locale: 'ur-PK' });
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/register`);
    await expectLanguage(page, 'ur');
    await page
      .getByRole('heading', { level: 1, name: ur.t('RegistrationWizardMessages', 'title') })
      .waitFor();
    await check(page, 'ur', 'register-step1', ['ZIP']);
    await page.getByRole('button', { name: ur.t('RegistrationMessages', 'createAccount') }).click();
    await page.getByText(ur.text('First name is required')).first().waitFor();
    await check(page, 'ur', 'register-step1-errors', ['ZIP']);
    await context.close();
  });
});
