import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { eventually } from '@jibs/testing';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './accessibility';
import { registrationLearnt, userIdByEmail } from './registration';

/** Fills registration step 1 (Personal Information) as a person would. */
export async function fillSignUp(page: Page, input: Record<string, unknown>): Promise<void> {
  await page.getByLabel('First name').fill(String(input.firstName));
  await page.getByLabel('Last name').fill(String(input.lastName));
  await page.getByLabel('Email').fill(String(input.email));
  await page.getByLabel(/^Password/).fill(String(input.password));
  await page.getByLabel('Confirm password').fill(String(input.confirmPassword));
  // Typed as digits; the field formats them. Texts are read from the mailbox by this number.
  await page.getByLabel('Phone').fill(String(input.phone).replace(/\D/g, ''));
  await page.getByLabel('Date of birth').fill(String(input.dateOfBirth));
  await page.getByLabel('Address line 1').fill(String(input.addressLine1));
  await page.getByLabel('City').fill(String(input.city));
  await chooseState(page, 'MI');
  await page.getByLabel('ZIP').fill(String(input.zipCode));
  await page.getByLabel('I am a US Citizen or a US legal resident').check();
}

/**
 * Picks a state in the searchable State select. On a loaded machine the page can still shift
 * while the list opens, so a click that lands elsewhere (the list then closes) is tried again.
 */
async function chooseState(page: Page, code: string): Promise<void> {
  const state = page.getByRole('combobox', { name: 'State' });
  for (let attempt = 1; ; attempt++) {
    await state.fill(code);
    const picked = await page
      .getByRole('option', { name: code, exact: true })
      .click({ timeout: 10_000 })
      .then(
        () => true,
        (error: Error) => {
          if (attempt >= 3) throw error;
          return false;
        },
      );
    if (picked && (await state.inputValue()) === code) return;
    if (attempt >= 3) throw new Error(`The State select did not take ${code}`);
  }
}

export async function signIn(
  page: Page,
  stack: LocalStack,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${stack.gatewayUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs the stack's first admin in through the browser with an authenticator code: at the first
 * sign-in the authenticator is set up (its key read from the set-up screen, checked with axe when
 * `label` is given), at later ones the code is asked for. Returns the authenticator key, which
 * later sign-ins of the same stack need.
 */
export async function signInAsAdmin(
  page: Page,
  stack: LocalStack,
  options: { totpSecret?: string; label?: string } = {},
): Promise<string> {
  const password = stack.generatedAdminPassword ?? process.env['ADMIN_PASSWORD'];
  if (!stack.adminEmail || !password) throw new Error('The stack has no first admin to sign in');
  await signIn(page, stack, stack.adminEmail, password);
  let secret = options.totpSecret;
  if (!secret) {
    const manualKey = page.getByTestId('totp-manual-key');
    await manualKey.waitFor();
    if (options.label) await expectAccessible(page, `${options.label}: authenticator set-up`);
    secret = (await manualKey.getAttribute('data-key')) ?? undefined;
    if (!secret) throw new Error('The authenticator set-up screen shows no key');
  }
  await page
    .getByLabel('Verification code')
    .first()
    .fill(await generate({ secret }));
  await page
    .getByRole('button', { name: /verify|sign in|continue/i })
    .last()
    .click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return secret;
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page
    .waitForURL((url) => url.pathname === '/')
    .catch((error: Error) => {
      throw new Error(`${error.message}\nSigned out, but the page is at ${page.url()}`);
    });
  // Signed out once the header offers Sign In again (the session ends after the navigation).
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().waitFor();
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The newest message to `to` in the stack's local mailbox that matches `pattern`. */
export async function latestMail(
  stack: LocalStack,
  to: string,
  pattern: RegExp,
  after = '',
): Promise<RegExpExecArray> {
  return eventually(
    async () => {
      const mails = (await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as Mail[];
      for (const mail of mails) {
        if (mail.sentAt <= after || !mail.to.includes(to)) continue;
        const match = pattern.exec(mail.text);
        if (match) return match;
      }
      return undefined;
    },
    { timeoutMs: 15_000, message: `a mail to ${to} matching ${pattern}` },
  );
}

/** Types a 6-digit code into the code boxes (focus moves from box to box). */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Verification code').first().click();
  await page.keyboard.type(code);
}

type Locator = ReturnType<Page['locator']>;

/** Whether `locator`'s element has the keyboard focus. */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Waits until `locator`'s element is the document's active element. (`:focus` also needs the
 * window to have the system focus, which a page among several on a busy machine may not have.)
 */
export async function waitForFocus(locator: Locator, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isFocused(locator))) {
    if (Date.now() > deadline) {
      const active = await locator
        .page()
        .evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'none');
      throw new Error(`Focus did not reach ${String(locator)}; the active element is ${active}`);
    }
    await locator.page().waitForTimeout(50);
  }
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `locator` has the focus, as a keyboard user
 * would; fails if it is not reached within `maxPresses`.
 */
export async function tabTo(
  page: Page,
  locator: Locator,
  { maxPresses = 80, backwards = false } = {},
): Promise<void> {
  await locator.waitFor();
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await isFocused(locator)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await isFocused(locator)) return;
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Tab never reached ${String(locator)}; focus is on ${active}`);
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, locator: Locator, text: string): Promise<void> {
  await tabTo(page, locator);
  await page.keyboard.type(text);
}

/** The text of the elements an element's aria-describedby points to (how its error is read). */
export async function describedByText(locator: Locator): Promise<string> {
  return locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** Step 2 of a new sign-up: the heading over the code entry. */
export const SIGN_UP_CODE_HEADING = 'Verify your email';

/** Step 2 after the emailed code: the choice of how sign-ins are verified. */
export const SIGN_IN_CHOICE = 'How would you like to verify your sign-ins?';

/**
 * Step 1 in the browser up to the code entry (step 2): the form, Create Account, and the
 * screen that asks for the emailed code. Returns when the code entry shows.
 */
export async function startSignUpInBrowser(
  page: Page,
  stack: LocalStack,
  input: Record<string, unknown>,
): Promise<void> {
  await page.goto(`${stack.gatewayUrl}/register`);
  await fillSignUp(page, input);
  await expectAccessible(page, 'register: personal information, filled in');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: SIGN_UP_CODE_HEADING }).waitFor();
  await expectAccessible(page, 'register: email code');
}

/**
 * A new member through steps 1 and 2 in the browser: the form, the code emailed by startSignUp
 * (read from the local mailbox), Verify, and no second factor (Continue). Ends on step 3,
 * Household Members, signed in.
 */
export async function signUpInBrowser(
  page: Page,
  stack: LocalStack,
  input: Record<string, unknown>,
): Promise<void> {
  const startedAt = new Date(Date.now() - 1000).toISOString();
  await startSignUpInBrowser(page, stack, input);
  const [, code] = await latestMail(
    stack,
    String(input.email),
    /verification code is (\d{6})/,
    startedAt,
  );
  await enterCode(page, code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  // Step 2 goes on with the choice of how sign-ins are verified: the password alone (chosen).
  await page.getByText(SIGN_IN_CHOICE).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Household Members' }).first().waitFor();
}

/**
 * A new member through steps 1 to 4 in the browser: the account, the emailed code, no
 * household, and the registration fee paid on the sandbox checkout. Ends on step 5, once the
 * services that need completed registration (cases, documents, memorials) have learnt it.
 */
export async function registerAndPayFee(
  page: Page,
  stack: LocalStack,
  input: Record<string, unknown>,
): Promise<void> {
  await signUpInBrowser(page, stack, input);
  await expectAccessible(page, 'register: household members');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
  await expectAccessible(page, 'register: registration payment');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL('**/sandbox/checkout/**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expectAccessible(page, 'sandbox checkout');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('link', { name: 'Continue to Membership Setup' }).waitFor();
  await expectAccessible(page, 'registration payment successful');
  await page.getByRole('link', { name: 'Continue to Membership Setup' }).click();
  await page.getByRole('button', { name: /^Set Up Monthly Dues/ }).waitFor();
  await expectAccessible(page, 'register: membership setup');
  await registrationLearnt(stack, await userIdByEmail(stack, String(input.email)));
}
