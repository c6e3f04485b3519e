import type { Page } from 'playwright-core';
import { eventually } from '@jibs/testing';
import type { LocalStack } from '@jibs/stack';

/** Fills registration step 1 (Personal Information) as a person would. */
export async function fillSignUp(page: Page, input: Record<string, unknown>): Promise<void> {
  await page.getByLabel('First name').fill(String(input.firstName));
  await page.getByLabel('Last name').fill(String(input.lastName));
  await page.getByLabel('Email').fill(String(input.email));
  await page.getByLabel(/^Password/).fill(String(input.password));
  await page.getByLabel('Confirm password').fill(String(input.confirmPassword));
  await page.getByLabel('Phone').fill('5551234567');
  await page.getByLabel('Date of birth').fill(String(input.dateOfBirth));
  await page.getByLabel('Address line 1').fill(String(input.addressLine1));
  await page.getByLabel('City').fill(String(input.city));
  await page.getByRole('combobox', { name: 'State' }).fill('MI');
  await page.getByRole('option', { name: 'MI', exact: true }).click();
  await page.getByLabel('ZIP').fill(String(input.zipCode));
  await page.getByLabel('I am a US Citizen or a US legal resident').check();
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

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
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
