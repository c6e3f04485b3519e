import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { userIdByEmail } from './support/registration';
import { latestMail, signIn, signInAsAdmin, signUpInBrowser } from './support/web-flows';

const PAYS = '4242 4242 4242 4242';

/** Real files: the storage library's fixtures (checked by their magic bytes on confirm). */
const fixture = (name: string) =>
  readFile(resolve(__dirname, '../../../libs/storage/src/fixtures', name));

/** The text a PDF shows: pdfkit writes each line's glyphs as hex strings in a TJ array. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    let line = '';
    for (const [, hex] of array!.matchAll(/<([0-9a-fA-F]*)>/g))
      line += Buffer.from(hex!, 'hex').toString('latin1');
    lines.push(line);
  }
  return lines.join('\n');
}

const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/**
 * Issue 23's journey, three people in three browsers: a paid member with a spouse reports the
 * spouse's death; the admin sees 'Covered' with its reasons and approves; the family uploads the
 * funeral home's invoice and adds it to the claim; admin A proposes a payout above the two-person
 * threshold, admin B approves it and marks it paid; the family's bell and mailbox say so;
 * /admin/fund shows the payout and the new balance; the member downloads a PDF statement.
 */
describe('burial assistance, from the death report to the payout and the books, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let member: Page;
  let adminA: Page;
  let adminB: Page;
  let totpA = '';

  const tag = letters();
  const signUp = aSignUp({ lastName: `Hassan${tag}` });
  const email = String(signUp.email);
  const spouse = { firstName: `Zainab${tag}`, lastName: 'Hassan' };
  const spouseName = `${spouse.firstName} ${spouse.lastName}`;
  const adminBSignUp = aSignUp({ lastName: `Treasurer${tag}` });
  const invoiceName = `funeral-invoice-${tag}.pdf`;
  const funeralHome = `Al-Noor Funeral Home ${tag}`;
  let balanceBefore = '';

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    for (let i = 0; i < 3; i++) contexts.push(await browser.newContext({ acceptDownloads: true }));
    [member, adminA, adminB] = await Promise.all(contexts.map((context) => context.newPage()));
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stop?.();
  });

  async function step<T>(page: Page, name: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      await page
        .screenshot({ path: `test-results/assistance-${name}-failure.png`, fullPage: true })
        .catch(() => undefined);
      throw new Error(
        `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
      );
    }
  }

  /** The fund page's balance figure. */
  const balance = (page: Page) =>
    page
      .locator('.mantine-Card-root', { has: page.getByText('Balance', { exact: true }) })
      .locator('p')
      .nth(1);

  async function payOnSandboxPage(page: Page): Promise<void> {
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByLabel('Card number').fill(PAYS);
    await page.getByRole('button', { name: /^Pay / }).click();
  }

  async function choose(page: Page, label: string, option: string, within = page.locator('body')) {
    await within
      .getByRole('textbox', { name: label })
      .or(within.getByRole('combobox', { name: label }))
      .first()
      .click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('admin A signs in and sets a waiting period of 0 days (a new member is covered at once)', async () => {
    totpA = await step(adminA, 'admin-a-sign-in', () => signInAsAdmin(adminA, stack));
    await adminA.goto(`${stack.gatewayUrl}/admin/settings`);
    const waiting = adminA.getByLabel('Waiting period (days)');
    await step(adminA, 'settings', () => waiting.waitFor());
    await waiting.fill('0');
    const save = adminA.getByRole('button', { name: 'Save All Settings' });
    await save.focus();
    await save.press('Enter');
    await step(adminA, 'settings-saved', () =>
      adminA.getByText('Settings saved successfully').first().waitFor(),
    );
  });

  it('a second admin, B, is made an admin and signs in with an authenticator', async () => {
    await signUpInBrowser(adminB, stack, adminBSignUp);
    const userId = await userIdByEmail(stack, String(adminBSignUp.email));
    // Admin A's token by API (the browser's session keeps its token in memory): the next
    // authenticator code, as the one the browser used may not be used twice.
    const api = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const started = await api.request<{ signIn: { challenge: { kind: string; token: string } } }>(
      `mutation($input: SignInInput!) { signIn(input: $input) { challenge { kind token } } }`,
      {
        input: {
          email: stack.adminEmail,
          password: stack.generatedAdminPassword ?? process.env['ADMIN_PASSWORD'],
        },
      },
    );
    const challenge = started.data!.signIn.challenge;
    const done = await api.request<{ completeSignIn: { accessToken: string } }>(
      `mutation($token: String!, $code: String!) { completeSignIn(challengeToken: $token, code: $code) { accessToken } }`,
      {
        token: challenge.token,
        code: await generate({ secret: totpA, epoch: Math.floor(Date.now() / 1000) + 30 }),
      },
    );
    if (!done.data) throw new Error(`admin A by API: ${JSON.stringify(done.errors)}`);
    api.accessToken = done.data.completeSignIn.accessToken;
    const promoted = await api.request(
      `mutation($userId: ID!) { setUserRole(userId: $userId, role: "admin") { id } }`,
      { userId },
    );
    expect(promoted.errors).toBeUndefined();

    await signIn(adminB, stack, String(adminBSignUp.email), String(adminBSignUp.password));
    const manualKey = adminB.getByTestId('totp-manual-key');
    await step(adminB, 'admin-b-totp', () => manualKey.waitFor());
    const secret = (await manualKey.getAttribute('data-key'))!;
    await adminB
      .getByLabel('Verification code')
      .first()
      .fill(await generate({ secret }));
    await adminB
      .getByRole('button', { name: /verify|sign in|continue/i })
      .last()
      .click();
    await adminB.waitForURL((url) => url.pathname !== '/login');
  });

  it('a member registers with a spouse, pays the registration fee and dues', async () => {
    await signUpInBrowser(member, stack, signUp);
    await member.getByRole('button', { name: 'Add household member' }).click();
    const card = member.getByRole('region', { name: 'Household member 1' });
    await card.getByLabel('First name').fill(spouse.firstName);
    await card.getByLabel('Last name').fill(spouse.lastName);
    await card.getByLabel('Date of birth').fill('1980-04-12');
    await card.getByRole('combobox', { name: 'Relationship' }).click();
    await member.getByRole('option', { name: 'Spouse', exact: true }).click();
    await member
      .getByLabel('I certify that all household members live at the same address as me')
      .check();
    await member.getByRole('button', { name: 'Continue' }).click();
    await member.getByRole('button', { name: /^Pay \$/ }).click();
    await payOnSandboxPage(member);
    await member.getByRole('link', { name: 'Continue to Membership Setup' }).click();
    await member.getByRole('button', { name: /^Set Up Monthly Dues/ }).click();
    await payOnSandboxPage(member);
    await step(member, 'active', async () => {
      await member.waitForURL('**/dashboard**', { timeout: 30_000 });
      await member.getByText('Membership status:').locator('..').getByText('Active').waitFor();
    });
  });

  it("the member reports the spouse's death; admin A sees 'Covered' with its reasons and approves", async () => {
    await member.goto(`${stack.gatewayUrl}/submit-death`);
    await member.getByRole('heading', { name: 'What Happens Next' }).waitFor();
    await member.getByLabel('Deceased name').fill(spouseName);
    const today = await member.evaluate(() => {
      const date = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    });
    await member.getByLabel('Date of death').fill(today);
    await member.getByLabel('Place of death').fill('Henry Ford Hospital, Detroit, MI');
    await member.getByRole('combobox', { name: 'Relationship to deceased' }).click();
    await member.getByRole('option', { name: 'Spouse', exact: true }).click();
    await member.getByRole('combobox', { name: 'Who died (optional)' }).click();
    await member.getByRole('option', { name: `${spouseName} (household member)` }).click();
    await member.getByRole('button', { name: 'Submit Death Report' }).click();
    await step(member, 'submitted', () => member.waitForURL('**/my-reports'));

    await adminA.goto(`${stack.gatewayUrl}/admin/death-reports`);
    const report = adminA.getByRole('article', { name: spouseName });
    await step(adminA, 'review-card', () => report.waitFor());
    await step(adminA, 'covered', () => report.getByText('Covered', { exact: true }).waitFor());
    await report
      .getByText(/^Met: /)
      .first()
      .waitFor();
    await expectAccessible(adminA, 'assistance: review card with the assessment');
    await report.getByRole('button', { name: `Approve report on ${spouseName}` }).click();
    await step(adminA, 'approved', () => report.getByText('Approved', { exact: true }).waitFor());
  });

  it("the family uploads the funeral home's invoice and adds it to the claim", async () => {
    await member.goto(`${stack.gatewayUrl}/upload`);
    await member.locator('input[type="file"]').setInputFiles({
      name: invoiceName,
      mimeType: 'application/pdf',
      buffer: await fixture('certificate.pdf'),
    });
    await member.getByRole('combobox', { name: 'Document type' }).click();
    await member.getByRole('option', { name: 'Funeral Home Invoice', exact: true }).click();
    await member.getByRole('button', { name: 'Upload 1 Document(s)' }).click();
    await step(member, 'invoice-uploaded', () =>
      member
        .getByRole('region', { name: 'Uploaded documents' })
        .getByRole('listitem')
        .filter({ hasText: invoiceName })
        .waitFor({ timeout: 30_000 }),
    );

    await member.goto(`${stack.gatewayUrl}/my-reports`);
    const form = member.getByRole('form', { name: 'Add an expense' });
    await step(member, 'claim-form', () => form.waitFor());
    await choose(member, 'Expense', 'Funeral home', form);
    await form.getByLabel('Amount (USD)').fill('3000');
    await choose(member, 'Paid to', 'Funeral home', form);
    await form.getByLabel("Payee's name").fill(funeralHome);
    await choose(member, 'Invoice or receipt', `${invoiceName} (Funeral Home Invoice)`, form);
    await form.getByRole('button', { name: 'Add expense' }).click();
    await step(member, 'expense-added', () => member.getByText('$3,000.00').first().waitFor());
  });

  it('admin A proposes a payout above the threshold; admin B approves it and marks it paid', async () => {
    await adminA.goto(`${stack.gatewayUrl}/admin/fund`);
    await step(adminA, 'fund', () => adminA.getByRole('heading', { name: 'Fund' }).waitFor());
    balanceBefore = (await balance(adminA).textContent()) ?? '';
    const propose = adminA.getByRole('button', { name: /^Propose payout for report / });
    await step(adminA, 'claim-listed', () => propose.first().waitFor({ timeout: 15_000 }));
    await expectAccessible(adminA, 'assistance: /admin/fund');
    await propose.first().click();
    const dialog = adminA.getByRole('dialog', { name: 'Propose a payout' });
    await dialog.getByLabel("Payee's name").fill(funeralHome);
    await dialog.getByText('Total: $3,000.00').waitFor();
    await expectAccessible(adminA, 'assistance: propose a payout');
    await dialog.getByRole('button', { name: 'Propose payout' }).click();
    await step(adminA, 'proposed', () =>
      adminA.getByText('$3,000.00 proposed. A second admin must approve it.').waitFor(),
    );

    await adminB.goto(`${stack.gatewayUrl}/admin/fund`);
    const row = adminB.getByRole('row', { name: new RegExp(funeralHome) });
    await step(adminB, 'payout-listed', () => row.getByText('Proposed').waitFor());
    await row.getByRole('button', { name: 'Approve' }).click();
    await step(adminB, 'approved', () => row.getByText('Approved').waitFor());
    await row.getByRole('button', { name: 'Mark paid' }).click();
    const paid = adminB.getByRole('dialog', { name: 'Mark payout paid' });
    await paid.getByLabel('Check number or transfer reference').fill(`CHK-${tag}`);
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await step(adminB, 'paid', () => row.getByText(/^Paid /).waitFor());
  });

  it("the family's bell and mailbox say it was paid", async () => {
    await member.goto(`${stack.gatewayUrl}/dashboard`);
    await member.getByTestId('notification-bell').click();
    await step(member, 'bell', () =>
      member
        .getByTestId('notification-item')
        .filter({ hasText: 'Burial Assistance Paid' })
        .first()
        .waitFor({ timeout: 15_000 }),
    );
    await expectAccessible(member, 'assistance: bell');
    const [mail] = await latestMail(
      stack,
      email,
      /burial assistance payment of \$3,000\.00 to the funeral home was paid/,
    );
    expect(mail).toBeTruthy();
  });

  it('/admin/fund shows the payout and the new balance', async () => {
    await adminA.goto(`${stack.gatewayUrl}/admin/fund`);
    const row = adminA.getByRole('row', { name: new RegExp(funeralHome) });
    await step(adminA, 'fund-paid', () => row.getByText(/^Paid /).waitFor());
    const cents = (label: string) => Math.round(Number(label.replace(/[^0-9.-]/g, '')) * 100);
    await eventually(
      async () => {
        const after = (await balance(adminA).textContent()) ?? '';
        return cents(after) === cents(balanceBefore) - 300_000 ? true : undefined;
      },
      { timeoutMs: 10_000, message: `the balance ${balanceBefore} less $3,000.00` },
    );
    await adminA.getByText('Average payout').locator('..').getByText('$3,000.00').waitFor();
  });

  it('the member downloads a PDF statement of the year from /payment-history', async () => {
    await member.goto(`${stack.gatewayUrl}/payment-history`);
    const button = member.getByRole('button', { name: 'Download statement (PDF)' });
    await step(member, 'statement-button', () => button.waitFor());
    await expectAccessible(member, 'assistance: payment history with statements');
    const [download] = await Promise.all([member.waitForEvent('download'), button.click()]);
    const path = await download.path();
    const pdf = await readFile(path!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Contributions statement');
    expect(text).toContain('$25.00');
  });
  it("through the gateway: a member cannot propose, approve, pay or read the books, nor another member's PDF", async () => {
    const signInApi = async (who: Record<string, unknown>) => {
      const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
      const answer = await client.request<{ signIn: { session: { accessToken: string } } }>(
        `mutation($input: SignInInput!) { signIn(input: $input) { session { accessToken } } }`,
        { input: { email: who.email, password: who.password } },
      );
      if (!answer.data?.signIn.session) throw new Error(JSON.stringify(answer.errors));
      client.accessToken = answer.data.signIn.session.accessToken;
      return client;
    };
    const family = await signInApi(signUp);
    const codes = async (query: string, variables: Record<string, unknown> = {}) =>
      (await family.request(query, variables)).errors?.map((error) => error.extensions?.['code']);
    const payoutId = '00000000-0000-4000-8000-000000000000';
    expect(
      await codes(`mutation($input: ProposePayoutInput!) { proposePayout(input: $input) { id } }`, {
        input: {
          reportId: payoutId,
          lines: [],
          amount: 100,
          payee: 'family',
          payeeName: 'x',
          method: 'cash',
        },
      }),
    ).toEqual(['FORBIDDEN']);
    expect(await codes(`mutation { approvePayout(payoutId: "${payoutId}") { id } }`)).toEqual([
      'FORBIDDEN',
    ]);
    expect(
      await codes(
        `mutation { markPayoutPaid(input: { payoutId: "${payoutId}", paidOn: "2026-01-01", reference: "x" }) { id } }`,
      ),
    ).toEqual(['FORBIDDEN']);
    expect(await codes(`{ fundSummary { balance } }`)).toEqual(['FORBIDDEN']);
    expect(await codes(`{ ledgerEntries { id } }`)).toEqual(['FORBIDDEN']);
    const mine = await family.request<{
      myAssistancePayouts: { amount: number; status: string }[];
    }>(`{ myAssistancePayouts { amount status } }`);
    expect(mine.data?.myAssistancePayouts).toEqual([{ amount: 300_000, status: 'paid' }]);
    const ledger = await fetch(`${stack.gatewayUrl}/api/export/admin/ledger_entries?format=csv`, {
      headers: { authorization: `Bearer ${family.accessToken}` },
    });
    expect(ledger.status).toBe(403);

    // The family's receipt: theirs through the gateway, not another member's, nobody's unsigned.
    const payments = await family.request<{ myPayments: { id: string; status: string }[] }>(
      `{ myPayments { id status } }`,
    );
    const receiptId = payments.data!.myPayments.find((p) => p.status === 'COMPLETED')!.id;
    const receipt = (token?: string) =>
      fetch(`${stack.gatewayUrl}/statements/receipts/${receiptId}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const own = await receipt(family.accessToken);
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect((await receipt()).status).toBe(401);
    const stranger = aSignUp();
    const strangerContext = await browser.newContext();
    contexts.push(strangerContext);
    await signUpInBrowser(await strangerContext.newPage(), stack, stranger);
    const strangerClient = await signInApi(stranger);
    const refused = await receipt(strangerClient.accessToken);
    expect(refused.status).toBe(404);
    expect(
      ((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!
        .extensions.code,
    ).toBe('NOT_FOUND');
  });
});
