import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { asUnverifiedAccount, queryDb, signUpByApi } from './support/sign-up';
import {
  enterCode,
  latestMail,
  SIGN_IN_CHOICE,
  SIGN_UP_CODE_HEADING,
  signIn,
  signOut,
  startSignUpInBrowser,
  waitForFocus,
} from './support/web-flows';

/** Step 2 of an account from before sign-up verified the email: the choice of a method. */
const STEP_2 = 'How would you like to verify your account?';

/** The visible texts of the page's main region, with clock times (a code's expiry) left out. */
const mainText = async (page: Page) =>
  (await page.getByRole('main').innerText()).replace(/\d{1,2}:\d{2}\s?[AP]M/g, '<time>');

describe('registration, verification, sign-in and password reset, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  /**
   * An account as the old one-step sign-up left it (not verified), signed in in the browser: the
   * wizard resumes at step 2's choice of a method.
   */
  async function signInUnverified(input: Record<string, unknown>): Promise<void> {
    const { user } = await signUpByApi(
      new GraphQLClient(`${stack.gatewayUrl}/graphql`),
      stack,
      input,
    );
    await asUnverifiedAccount(stack, user.id);
    await signIn(page, stack, String(input.email), String(input.password));
    await page.waitForURL('**/register**');
    await page.getByText(STEP_2).waitFor();
    await expectAccessible(page, 'register: verification method');
  }

  const step3 = () => page.getByRole('heading', { name: 'Household Members' }).first();

  it('registers with the emailed code (kept through a reload), resumes after a reload, signs out and in, and resets the password', async () => {
    const input = aSignUp();
    const email = String(input.email);
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await startSignUpInBrowser(page, stack, input);
    await page
      .getByRole('main')
      .getByText(`We sent a 6-digit code to ${email[0]}***@example.com`, { exact: false })
      .waitFor();
    // Step 2 of 5, at 40 percent, as the spec's progress bar says.
    await page
      .getByText(/Step 2 of 5/)
      .first()
      .waitFor();

    // A reload keeps the sign-up (its token, never the password): the code still goes in.
    await page.reload();
    await page.getByRole('heading', { name: SIGN_UP_CODE_HEADING }).waitFor();
    await expectAccessible(page, 'register: email code, after a reload');
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).toContain('signUpToken');
    expect(stored).not.toContain(String(input.password));

    const [, code] = await latestMail(stack, email, /verification code is (\d{6})/, startedAt);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Please enter a 6-digit verification code').first().waitFor();
    await enterCode(page, code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid Code').first().waitFor();
    await expectAccessible(page, 'register: email code refused');
    await enterCode(page, code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    // Still step 2: how sign-ins are verified from now on; the password alone is chosen.
    await page.getByText(SIGN_IN_CHOICE).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await step3().waitFor();
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('signUpToken');

    await page.reload();
    await step3().waitFor();
    await expectAccessible(page, 'register: household members, after a reload');
    await page.screenshot({ path: 'test-results/onboarding-step3.png' });

    await signOut(page);
    await expectAccessible(page, 'landing page');
    await signIn(page, stack, email, String(input.password));
    await page.waitForURL('**/register**');
    await step3().waitFor();
    await signOut(page);

    // Forgot password: the link arrives by email, works once, and the new password signs in.
    const requestedAt = new Date().toISOString();
    await page.goto(`${stack.gatewayUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText('Check your email for a password reset link.').first().waitFor();
    await expectAccessible(page, 'sign in: reset link sent');
    const [, link] = await latestMail(
      stack,
      email,
      /(http\S+\/reset-password\?token=[\w-]+)/,
      requestedAt,
    );
    const resetUrl = new URL(link!);
    await page.goto(`${stack.gatewayUrl}${resetUrl.pathname}${resetUrl.search}`);
    await page.getByLabel(/^New password/).waitFor();
    await expectAccessible(page, 'reset password');
    await page.getByLabel(/^New password/).fill('a-new-password-7');
    await page.getByLabel(/^Confirm new password/).fill('a-new-password-7');
    await page
      .getByRole('button', { name: /password/i })
      .last()
      .click();
    await page.waitForURL('**/login**');

    await signIn(page, stack, email, String(input.password));
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    await expectAccessible(page, 'sign in: refused');
    await signIn(page, stack, email, 'a-new-password-7');
    await page.waitForURL('**/register**');
    await step3().waitFor();

    // The link was single-use.
    await page.goto(`${stack.gatewayUrl}${resetUrl.pathname}${resetUrl.search}`);
    await page.getByLabel(/^New password/).fill('another-password-8');
    await page.getByLabel(/^Confirm new password/).fill('another-password-8');
    await page
      .getByRole('button', { name: /password/i })
      .last()
      .click();
    await page
      .getByText('This reset link is invalid or has expired. Please request a new one.')
      .first()
      .waitFor();
    await expectAccessible(page, 'reset password: link used');
  });

  it('verifies an account from before sign-up codes with an authenticator app, and then asks for its code at every sign-in', async () => {
    const input = aSignUp();
    await signInUnverified(input);

    await page.getByRole('radio', { name: /^Authenticator app/ }).click();
    await page.getByRole('button', { name: 'Set Up Authenticator' }).click();
    const key = await page.getByTestId('totp-manual-key').getAttribute('data-key');
    expect(key).toMatch(/^[A-Z2-7]+=*$/);
    await expectLocalQrImage(page);
    await expectAccessible(page, 'register: authenticator setup');
    await enterCode(page, await generate({ secret: key! }));
    await page.getByRole('button', { name: 'Verify' }).click();
    // The recovery codes, shown once.
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await step3().waitFor();

    await signOut(page);
    await signIn(page, stack, String(input.email), String(input.password));
    await page.getByLabel('Verification code').first().waitFor();
    await expectAccessible(page, 'sign in: authenticator code');
    // The code of the step already used is refused; the authenticator's next one is accepted.
    const next = await generate({ secret: key!, epoch: Math.floor(Date.now() / 1000) + 30 });
    await enterCode(page, next);
    await page
      .getByRole('button', { name: /verify|sign in|continue/i })
      .last()
      .click();
    await page.waitForURL('**/register**');
    await step3().waitFor();
  });

  it('verifies an account from before sign-up codes by email, then renews the session (email_verified)', async () => {
    const input = aSignUp();
    await signInUnverified(input);
    const askedAt = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('radio', { name: /^Email/ }).click();
    await page.getByRole('button', { name: 'Send Code' }).click();
    const [, code] = await latestMail(stack, String(input.email), /code is (\d{6})/, askedAt);
    await page.getByLabel('Verification code').first().waitFor();
    await expectAccessible(page, 'register: verification code');
    await enterCode(page, code!);
    const renewed = page.waitForRequest((request) =>
      (request.postData() ?? '').includes('refreshSession'),
    );
    await page.getByRole('button', { name: 'Verify' }).click();
    await renewed;
    await step3().waitFor();
  });

  it('answers a registered email with the same screens as a new one, no session, and emails the holder', async () => {
    const holder = aSignUp();
    await signUpByApi(new GraphQLClient(`${stack.gatewayUrl}/graphql`), stack, holder);

    const screens = async (input: Record<string, unknown>): Promise<string[]> => {
      await startSignUpInBrowser(page, stack, input);
      const codeEntry = await mainText(page);
      await enterCode(page, '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Invalid Code').first().waitFor();
      await expectAccessible(page, 'register: email code refused');
      return [codeEntry, await mainText(page)];
    };

    const fresh = await screens(aSignUp());
    await context.close();
    context = await browser.newContext();
    page = await context.newPage();
    const startedAt = new Date(Date.now() - 1000).toISOString();
    const registered = await screens({ ...aSignUp(), email: holder.email });

    expect(registered).toEqual(fresh);
    expect(registered[0]).toContain('Verify your email');
    // No session: no refresh cookie, nothing signed in, still one account for the address.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('jibs_refresh');
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    const [accounts] = await queryDb<{ n: number }>(
      stack.databaseUrl('identity'),
      'SELECT count(*)::int AS n FROM accounts WHERE email = $1',
      [holder.email],
    );
    expect(accounts!.n).toBe(1);
    // The holder is told instead.
    await latestMail(
      stack,
      String(holder.email),
      /Someone just tried to register a new JIBS account with this email address/,
      startedAt,
    );
  });

  it("shows the visitor's pages and the FAQ's question form without accessibility faults", async () => {
    await page.goto(`${stack.gatewayUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'landing page, visitor');
    await page.goto(`${stack.gatewayUrl}/faq`);
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    await page.getByRole('button', { name: 'Send Question' }).click();
    const fullName = page.getByLabel(/^Full Name/i);
    await waitForFocus(fullName);
    expect(await fullName.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'faq: question form with errors');
    await page.goto(`${stack.gatewayUrl}/testing`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'testing interface, visitor');
    await page.goto(`${stack.gatewayUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expectAccessible(page, 'not found, visitor');
  });

  it('delivers a contact message to the admin address through the mailbox', async () => {
    await page.goto(`${stack.gatewayUrl}/contact`);
    await expectAccessible(page, 'contact');
    // Sent empty: the spec's messages inline, focus on the first field (no browser bubble).
    await page.getByRole('button', { name: 'Send Message' }).click();
    await waitForFocus(page.getByLabel(/^Name/));
    expect(await page.getByLabel(/^Name/).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'contact: errors');
    await page.getByLabel(/^Name/).fill('Khadija Musa');
    await page.getByLabel(/^Email/).fill('khadija@example.com');
    await page.getByRole('combobox', { name: 'Subject' }).click();
    await page.getByRole('option', { name: 'Membership' }).click();
    await page.getByLabel(/^Message/).fill('How do I add my mother to our household?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByText(/Thank you for contacting us! We.ll get back to you within 24 hours\./)
      .first()
      .waitFor();
    await expectAccessible(page, 'contact: sent');
    // Sent to the admin address in the settings (the first admin's, on a new stack).
    const [body] = await latestMail(
      stack,
      stack.adminEmail!,
      /How do I add my mother to our household\?/,
    );
    expect(body).toBeTruthy();
  });
});

/** The QR image is a data URL made on the server, never a third-party image. */
async function expectLocalQrImage(page: Page): Promise<void> {
  const src = await page.getByRole('img', { name: /qr/i }).first().getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
}
