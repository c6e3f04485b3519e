import type { Browser, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { generate } from 'otplib';
import { loadCatalogue, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { expectLanguage, expectNoEnglish } from './support/languages';
import { payMonthlyDuesByApi, payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';

const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';

/** The code an authenticator shows now. */
const totp = (secret: string) => generate({ secret });

/**
 * The profile's household, subscription card, security dialogs and backup section in Arabic
 * (every dialog) and Urdu (the main ones), for a paid member: each without English left, axe
 * clean, and photographed.
 */
describe("languages: the member's household and account screens, in Chromium", () => {
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

  /** No English on the page, axe clean, and a full-page photograph. */
  async function check(page: Page, locale: 'ar' | 'ur', name: string, allow: readonly string[]) {
    await expectNoEnglish(page, locale, `${name}, ${locale}`, allow);
    await expectAccessible(page, `${name}, ${locale}`);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${locale}.png`, fullPage: true });
  }

  it('a paid member sees the household, the dues card and every security dialog in Arabic, and the main ones in Urdu', async () => {
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const input = aSignUp({ firstName: 'Amina', lastName: 'Rahman' });
    const { user } = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, user.id);
    const email = String(input.email);
    // What the member typed (names, email, address) and names of apps, shown as typed; the
    // currency's code beside Arabic amounts ('‏25.00 US$').
    const typed = [
      email,
      'Amina Rahman Khadija',
      'Elm St Dearborn MI',
      'Google Microsoft Authenticator',
      'ZIP',
      'US',
      // The fund's contact details in the footer (site-config.ts): Latin in every language.
      'info@jibs.example.org JIBS Community Office Example Street Springfield IL',
      // The backup file's type ('.json'), as its chooser names it.
      'json',
    ];

    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[autocomplete="current-password"]').fill(String(input.password));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard**');
    await page.getByLabel('Language').first().selectOption('ar');
    await expectLanguage(page, 'ar');

    // The profile in Arabic: no monthly dues yet.
    await page.goto(`${stack.gatewayUrl}/profile`);
    await expectLanguage(page, 'ar');
    await page
      .getByRole('heading', { level: 1, name: ar.t('MemberProfileMessages', 'title') })
      .waitFor();
    const dues = page.getByRole('region', { name: ar.t('AccountSubscriptionMessages', 'title') });
    await dues
      .getByRole('button', { name: ar.t('AccountSubscriptionMessages', 'setUpMonthlyDues') })
      .waitFor();
    await check(page, 'ar', 'account-profile', typed);

    // Adding a household member: the errors first, in Arabic, then the payment dialog.
    const household = page.getByRole('region', { name: ar.t('HouseholdPageMessages', 'title') });
    const form = household.locator('form');
    const add = form.getByRole('button', {
      name: ar.t('RegistrationWizardMessages', 'addHouseholdMember'),
    });
    await add.click();
    await form.getByText(ar.t('HouseholdMessages', 'sameAddressRequired')).waitFor();
    await form.getByText(ar.t('HouseholdMessages', 'profileFieldsRequired')).first().waitFor();
    await check(page, 'ar', 'household-errors', typed);

    await form.getByLabel(ar.t('RegistrationMessages', 'firstName')).fill('Khadija');
    await form.getByLabel(ar.t('RegistrationMessages', 'lastName')).fill('Rahman');
    await form.getByLabel(ar.t('HouseholdPageMessages', 'relationship')).click();
    await page.getByRole('option', { name: ar.t('HouseholdPageMessages', 'spouse') }).click();
    await form.getByLabel(ar.t('RegistrationMessages', 'dateOfBirth')).fill('1982-04-12');
    await form.getByLabel(ar.t('HouseholdPageMessages', 'certifySameAddress')).check();
    await add.click();
    const payment = page.getByRole('dialog', {
      name: ar.t('HouseholdPageMessages', 'paymentRequired'),
    });
    await payment
      .getByText(ar.t('HouseholdMessages', 'payToAddMember', { name: 'Khadija Rahman' }))
      .waitFor();
    await check(page, 'ar', 'household-payment', typed);
    await payment
      .getByRole('button', { name: ar.t('HouseholdPageMessages', 'cancelPayment') })
      .click();
    await payment.waitFor({ state: 'hidden' });

    // The list shows her with her fee due; the remove dialog in Arabic.
    await household.getByText(ar.t('HouseholdPageMessages', 'paymentDue')).waitFor();
    await household
      .getByRole('button', {
        name: ar.t('HouseholdPageMessages', 'removeMember', { name: 'Khadija Rahman' }),
      })
      .click();
    const removing = page.getByRole('dialog', {
      name: ar.t('HouseholdPageMessages', 'removeTitle'),
    });
    await removing.waitFor();
    await check(page, 'ar', 'household-remove', typed);
    await removing.getByRole('button', { name: ar.t('HouseholdPageMessages', 'keep') }).click();
    await removing.waitFor({ state: 'hidden' });

    // Monthly dues set up (by the API's session, before two-step sign-in signs it out): the
    // card and its cancel dialog in Arabic.
    await payMonthlyDuesByApi(client, stack);
    await page.reload();
    await expectLanguage(page, 'ar');
    await dues.getByText(ar.t('AccountSubscriptionMessages', 'monthlyAmount')).waitFor();
    await dues.getByText(ar.t('AccountSubscriptionMessages', 'active'), { exact: true }).waitFor();
    await check(page, 'ar', 'account-subscription', typed);
    await dues
      .getByRole('button', { name: ar.t('AccountSubscriptionMessages', 'cancelSubscription') })
      .click();
    const cancel = page.getByRole('dialog', {
      name: ar.t('AccountSubscriptionMessages', 'cancelTitle'),
    });
    await cancel.waitFor();
    await check(page, 'ar', 'account-subscription-cancel', typed);
    await cancel
      .getByRole('button', { name: ar.t('AccountSubscriptionMessages', 'keepSubscription') })
      .click();
    await cancel.waitFor({ state: 'hidden' });

    // Two-step sign-in with an authenticator: set-up, then the recovery codes.
    const security = page.getByRole('region', { name: ar.t('MemberSecurityMessages', 'title') });
    await security
      .getByRole('button', { name: ar.t('MemberSecurityMessages', 'turnOnAuthenticator') })
      .click();
    const setup = page.getByRole('dialog', {
      name: ar.t('AccountSecurityDialogMessages', 'authenticatorTitle'),
    });
    const manualKey = setup.getByTestId('totp-manual-key');
    const key = (await manualKey.getAttribute('data-key'))!;
    // The key as shown (in groups), and 'QR', which Arabic and Urdu write in Latin letters.
    await check(page, 'ar', 'security-authenticator', [
      ...typed,
      await manualKey.innerText(),
      'QR',
    ]);
    await page.getByLabel(ar.t('PublicTwoStepMessages', 'verificationCode')).first().click();
    await page.keyboard.type(await totp(key));
    await setup
      .getByRole('button', { name: ar.t('AccountSecurityDialogMessages', 'turnOn'), exact: true })
      .click();
    const list = setup.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    await check(page, 'ar', 'security-recovery-codes', [...typed, ...codes]);
    await setup.getByRole('button', { name: ar.t('MemberSecurityMessages', 'savedCodes') }).click();
    await setup.waitFor({ state: 'hidden' });

    // New recovery codes: a wrong password is refused in Arabic.
    await security
      .getByRole('button', { name: ar.t('MemberSecurityMessages', 'makeNewRecoveryCodes') })
      .click();
    const renew = page.getByRole('dialog', {
      name: ar.t('AccountSecurityDialogMessages', 'newCodesTitle'),
    });
    await renew
      .getByLabel(ar.t('AccountSecurityDialogMessages', 'currentPassword'))
      .fill('not-my-password-1');
    await renew
      .getByRole('button', { name: ar.t('AccountSecurityDialogMessages', 'makeNewCodes') })
      .click();
    await renew.getByRole('alert').first().waitFor();
    await check(page, 'ar', 'security-new-codes', typed);
    await renew
      .getByRole('button', { name: ar.t('AccountSecurityDialogMessages', 'cancel') })
      .click();
    await renew.waitFor({ state: 'hidden' });

    // Turning the authenticator off: the dialog, kept on.
    await security
      .getByRole('button', { name: ar.t('MemberSecurityMessages', 'turnOffAuthenticator') })
      .click();
    const turnOff = page.getByRole('dialog', {
      name: ar.t('AccountSecurityDialogMessages', 'turnOffAuthenticatorTitle'),
    });
    await turnOff.waitFor();
    await check(page, 'ar', 'security-turn-off', typed);
    await turnOff
      .getByRole('button', { name: ar.t('AccountSecurityDialogMessages', 'keepItOn') })
      .click();
    await turnOff.waitFor({ state: 'hidden' });

    // Codes by text message: the introduction, then the phone's code.
    await security
      .getByRole('button', { name: ar.t('MemberSecurityMessages', 'turnOnTextCodes') })
      .click();
    const sms = page.getByRole('dialog', {
      name: ar.t('AccountSecurityDialogMessages', 'smsTitle'),
    });
    await sms.waitFor();
    await check(page, 'ar', 'security-sms', typed);
    await sms.getByRole('button', { name: ar.t('RegistrationWizardMessages', 'sendCode') }).click();
    await sms
      .getByRole('heading', { name: ar.t('AccountSecurityDialogMessages', 'verifyPhone') })
      .waitFor();
    await check(page, 'ar', 'security-sms-code', typed);
    await sms
      .getByRole('button', { name: ar.t('AccountSecurityDialogMessages', 'cancel') })
      .click();
    await sms.waitFor({ state: 'hidden' });

    // The Testing Interface: its screens' paths stay as typed in the address bar.
    const paths =
      'admin users death reports documents settings dashboard submit upload profile login register';
    await page.goto(`${stack.gatewayUrl}/testing`);
    await page
      .getByRole('heading', { level: 1, name: ar.t('AccountTestingMessages', 'title') })
      .waitFor();
    await check(page, 'ar', 'testing', [...typed, paths]);

    // Urdu: the profile, the member payment dialog and turning the authenticator off.
    await page.getByLabel(ar.t('HeaderMessages', 'language')).first().selectOption('ur');
    await expectLanguage(page, 'ur');
    await page.goto(`${stack.gatewayUrl}/profile`);
    await expectLanguage(page, 'ur');
    await page
      .getByRole('heading', { level: 1, name: ur.t('MemberProfileMessages', 'title') })
      .waitFor();
    const householdUr = page.getByRole('region', { name: ur.t('HouseholdPageMessages', 'title') });
    await householdUr.getByText(ur.t('HouseholdPageMessages', 'paymentDue')).waitFor();
    await page
      .getByRole('region', { name: ur.t('AccountSubscriptionMessages', 'title') })
      .getByText(ur.t('AccountSubscriptionMessages', 'monthlyAmount'))
      .waitFor();
    await check(page, 'ur', 'account-profile', typed);

    await householdUr.getByRole('button', { name: /ادا کریں/ }).click();
    const paymentUr = page.getByRole('dialog', {
      name: ur.t('HouseholdPageMessages', 'paymentRequired'),
    });
    await paymentUr.waitFor();
    await check(page, 'ur', 'household-payment', typed);
    await paymentUr
      .getByRole('button', { name: ur.t('HouseholdPageMessages', 'cancelPayment') })
      .click();
    await paymentUr.waitFor({ state: 'hidden' });

    await page
      .getByRole('region', { name: ur.t('MemberSecurityMessages', 'title') })
      .getByRole('button', { name: ur.t('MemberSecurityMessages', 'turnOffAuthenticator') })
      .click();
    const turnOffUr = page.getByRole('dialog', {
      name: ur.t('AccountSecurityDialogMessages', 'turnOffAuthenticatorTitle'),
    });
    await turnOffUr.waitFor();
    await check(page, 'ur', 'security-turn-off', typed);

    await context.close();
  }, 300_000);
});
