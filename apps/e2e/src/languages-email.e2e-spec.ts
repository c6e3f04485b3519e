import type { Browser } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * A member who chose Arabic: the profile keeps the choice, the bell greets them in Arabic, and
 * the email their payment sends arrives in Arabic, laid out right to left in the mailbox.
 */
describe('languages: an Arabic-speaking member gets Arabic emails', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  const explain = (error: unknown) =>
    new Error(`${(error as Error).message}\nlogs:\n${logs.slice(-30).join('\n')}`);

  it('signs up in Arabic, is greeted in Arabic, and the receipt arrives in Arabic, right to left', async () => {
    try {
      const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
      const input = { ...aSignUp(), language: 'ar' };
      const email = String(input.email);
      const { user } = await signUpByApi(member, stack, input);

      const me = await member.request<{ me: { language: string; showHijri: boolean } }>(
        '{ me { language showHijri } }',
      );
      expect(me.data?.me).toEqual({ language: 'ar', showHijri: false });
      // The Hijri date beside the Gregorian one in what follows.
      const chosen = await member.request<{ updateProfile: { showHijri: boolean } }>(
        'mutation { updateProfile(input: { showHijri: true }) { showHijri } }',
      );
      expect(chosen.data?.updateProfile.showHijri).toBe(true);

      const welcome = await eventually(
        async () =>
          (
            await member.request<{ notifications: { title: string }[] }>(
              '{ notifications { title } }',
            )
          ).data?.notifications.find((n) => n.title === 'مرحبًا بك في JIBS'),
        { timeoutMs: 30_000, message: 'the Arabic welcome in the bell' },
      );
      expect(welcome.title).toBe('مرحبًا بك في JIBS');

      await payRegistrationByApi(member, stack, user.id);
      const receipt = await eventually(
        async () =>
          ((await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as Mail[]).find(
            (mail) => mail.to === email && mail.subject.includes('إيصال'),
          ),
        { timeoutMs: 30_000, message: `the Arabic receipt to ${email}` },
      );
      expect(receipt.subject).toMatch(/^إيصال JIBS: تم استلام /);
      expect(receipt.text).toContain(`السلام عليكم ${String(input.firstName)}،`);
      expect(receipt.text).toContain('مقابل: رسوم تسجيل الأسرة');
      expect(receipt.text).toMatch(/التاريخ: .+ \(.+ هـ\)/);
      expect(receipt.html).toMatch(/<html lang="ar" dir="rtl">/);

      // The mailbox renders it: the Arabic receipt right to left, in Chromium.
      const page = await browser.newPage();
      await page.goto(stack.mailboxUrl);
      const rendered = page.locator('article', { hasText: receipt.subject }).locator('.mail');
      await rendered.waitFor();
      expect(await rendered.getAttribute('lang')).toBe('ar');
      expect(await rendered.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
      expect(await rendered.innerText()).toContain('يُرجى الاحتفاظ بهذه الرسالة في سجلاتك.');
      await expectAccessible(page, 'the local mailbox, an Arabic receipt');
      await page.close();
    } catch (error) {
      throw explain(error);
    }
  });
});
