import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_SETTINGS } from '@jibs/domain';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { latestMail, registerAndPayFee, signInAsAdmin } from './support/web-flows';

type Locator = ReturnType<Page['locator']>;

/** Real files: the storage library's fixtures (checked by their magic bytes on confirm). */
const fixture = (name: string) =>
  readFile(resolve(__dirname, '../../../libs/storage/src/fixtures', name));

/** A pattern matching `text` as it is. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Letters only, so it can be part of a person's name. */
const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/**
 * The whole journey of issue 13, two people in two browsers: a member reports a death and
 * uploads a PDF (dropped on the dropzone) and a JPEG; the admin, signed in with an authenticator
 * code, downloads the PDF, approves the report and rejects the JPEG with a note; the member's
 * page, open the whole time, shows both decisions in the bell without a reload, then
 * /my-reports, /upload and the dashboard show them, and the decisions arrive by email.
 */
describe('a death report and its documents, from the member to the admin and back, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let memberContext: BrowserContext;
  let adminContext: BrowserContext;
  let member: Page;
  let admin: Page;
  let pdf: Buffer;
  let jpeg: Buffer;

  const tag = letters();
  const signUp = aSignUp({ lastName: `Rahman${tag}` });
  const memberName = `${String(signUp.firstName)} Rahman${tag}`;
  const deceasedName = `Ahmed Rahman ${tag}`;
  const pdfName = `death-certificate-${tag}.pdf`;
  const jpegName = `government-id-${tag}.jpg`;
  const approvalNote = 'We will call you within two days to arrange the burial.';
  const rejectionNote = 'The photo is blurred; please upload a sharper copy.';

  beforeAll(async () => {
    [{ stack, stop, logs }, browser, pdf, jpeg] = await Promise.all([
      startE2eStack(),
      launchChromium(),
      fixture('certificate.pdf'),
      fixture('photo.jpg'),
    ]);
    memberContext = await browser.newContext();
    adminContext = await browser.newContext({ acceptDownloads: true });
    member = await memberContext.newPage();
    admin = await adminContext.newPage();
  });

  afterAll(async () => {
    await memberContext?.close();
    await adminContext?.close();
    await browser?.close();
    await stop?.();
  });

  /** Fails with the page's address, a screenshot and the stack's last log lines. */
  async function step<T>(page: Page, name: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      await page
        .screenshot({ path: `test-results/journey-${name}-failure.png`, fullPage: true })
        .catch(() => undefined);
      throw new Error(
        `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
      );
    }
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `test-results/journey-${name}.png`, fullPage: true });

  const statValue = (label: string) =>
    member
      .locator('.mantine-Card-root', { has: member.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);

  async function expectText(locator: Locator, text: string): Promise<void> {
    await eventually(
      async () => ((await locator.textContent())?.trim() === text ? true : undefined),
      { timeoutMs: 15_000, message: `"${text}" in ${String(locator)}` },
    );
  }

  async function expectCounts(reports: string, pending: string): Promise<void> {
    await expectText(statValue('Death Reports'), reports);
    await expectText(statValue('Pending Reviews'), pending);
  }

  async function chooseOption(page: Page, combobox: Locator, name: string): Promise<void> {
    await combobox.click();
    await page.getByRole('option', { name, exact: true }).click();
    await eventually(async () => ((await combobox.inputValue()) === name ? true : undefined), {
      timeoutMs: 5_000,
      message: `${name} chosen`,
    });
  }

  const uploadedToast = (page: Page, count: number) =>
    page
      .locator('.mantine-Notification-root', {
        hasText: `${count} document(s) uploaded successfully and are pending review.`,
      })
      .getByText('Upload Successful');

  it('a member registers, sees no reports on the dashboard, and submits a death report', async () => {
    await registerAndPayFee(member, stack, signUp);

    await member.goto(`${stack.gatewayUrl}/dashboard`);
    await step(member, 'dashboard-empty', () => expectCounts('0', '0'));
    await expectAccessible(member, 'journey: member dashboard, no reports');

    await member.goto(`${stack.gatewayUrl}/submit-death`);
    await member.getByRole('heading', { name: 'What Happens Next' }).waitFor();
    await member.getByLabel('Deceased name').fill(deceasedName);
    const twoDaysAgo = await member.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() - 2);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    });
    await member.getByLabel('Date of death').fill(twoDaysAgo);
    await member.getByLabel('Place of death').fill('Beaumont Hospital, Dearborn, MI');
    await chooseOption(
      member,
      member.getByRole('combobox', { name: 'Relationship to deceased' }),
      'Parent',
    );
    await expectAccessible(member, 'journey: submit death report, filled in');
    await member.getByRole('button', { name: 'Submit Death Report' }).click();
    await member.getByText('Death Report Submitted Successfully').first().waitFor();
    await member.waitForURL('**/my-reports');

    const card = member.getByRole('listitem').filter({ hasText: deceasedName });
    await step(member, 'my-reports-pending', () => card.getByText('Pending Review').waitFor());
    await expectAccessible(member, 'journey: my death reports, pending');
  });

  it('uploads a PDF by dropping it on the dropzone and a JPEG from the file input', async () => {
    await member.goto(`${stack.gatewayUrl}/upload`);
    await member.getByText('No documents uploaded yet').waitFor();
    const dropzone = member.getByRole('button', { name: 'Drag files here or click to browse' });
    const documentType = member.getByRole('combobox', { name: 'Document type' });

    // A real drop: the PDF's bytes in a File in a DataTransfer, dispatched on the Dropzone.
    const dataTransfer = await member.evaluateHandle(
      ({ name, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
        return transfer;
      },
      { name: pdfName, base64: pdf.toString('base64') },
    );
    await dropzone.dispatchEvent('dragenter', { dataTransfer });
    await dropzone.dispatchEvent('dragover', { dataTransfer });
    await dropzone.dispatchEvent('drop', { dataTransfer });
    await step(member, 'dropped', () => member.getByText(pdfName).waitFor());
    await chooseOption(member, documentType, 'Death Certificate');
    await expectAccessible(member, 'journey: upload, PDF dropped');
    await member.getByRole('button', { name: 'Upload 1 Document(s)' }).click();
    await step(member, 'pdf-uploaded', () => uploadedToast(member, 1).waitFor({ timeout: 30_000 }));

    const list = member.getByRole('region', { name: 'Uploaded documents' });
    const pdfRow = list.getByRole('listitem').filter({ hasText: pdfName });
    await pdfRow.getByText('Pending Review').waitFor();

    // The JPEG, chosen as a file (the dropzone's input), as another type.
    await member.locator('input[type="file"]').setInputFiles({
      name: jpegName,
      mimeType: 'image/jpeg',
      buffer: jpeg,
    });
    await member.getByRole('button', { name: 'Upload 1 Document(s)' }).waitFor();
    await chooseOption(member, documentType, 'Government ID');
    await member.getByRole('button', { name: 'Upload 1 Document(s)' }).click();
    await step(member, 'jpeg-uploaded', async () => {
      await list.getByRole('listitem').filter({ hasText: jpegName }).waitFor({ timeout: 30_000 });
    });
    const jpegRow = list.getByRole('listitem').filter({ hasText: jpegName });
    await jpegRow.getByText('Pending Review').waitFor();
    await jpegRow.getByText('Government ID', { exact: false }).waitFor();
    await expectAccessible(member, 'journey: upload, both uploaded');
    await shot(member, 'member-uploaded');

    // The dashboard counts the report as pending.
    await member.goto(`${stack.gatewayUrl}/dashboard`);
    await step(member, 'dashboard-pending', () => expectCounts('1', '1'));
  });

  it("the member's bell stays open on the dashboard while the admin works", async () => {
    await member.getByTestId('notification-bell').click();
    await member.getByTestId('notification-item').first().waitFor();
    await expectAccessible(member, 'journey: notification bell, open');
    expect(await member.getByText('Death Report Approved').count()).toBe(0);
    expect(await member.getByText('Document Rejected').count()).toBe(0);
    // Marks this document: a reload would lose it.
    await member.evaluate(() => {
      (window as unknown as { journeyMarker: boolean }).journeyMarker = true;
    });
  });

  it('the admin signs in with an authenticator code and approves the report with a note', async () => {
    await admin.goto(`${stack.gatewayUrl}/login`);
    await admin.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectAccessible(admin, 'journey: sign in (admin)');
    await step(admin, 'totp', () => signInAsAdmin(admin, stack, { label: 'journey: admin' }));

    await admin.goto(`${stack.gatewayUrl}/admin/death-reports`);
    const card = admin.getByRole('article', { name: deceasedName });
    await step(admin, 'admin-death-reports', () => card.waitFor());
    await card.getByText('Pending Review').waitFor();
    await card.getByText('Beaumont Hospital, Dearborn, MI').waitFor();
    await expectAccessible(admin, 'journey: admin death reports');
    await card.getByLabel('Admin notes').fill(approvalNote);
    await card.getByRole('button', { name: `Approve report on ${deceasedName}` }).click();
    await admin.getByText('Death report approved successfully').first().waitFor();
    await step(admin, 'admin-approved', () =>
      card.getByText('Approved', { exact: true }).waitFor(),
    );
    await card.getByText(approvalNote).waitFor();
    await expectAccessible(admin, 'journey: admin death reports, approved');
    await shot(admin, 'admin-death-reports');
  });

  it("finds both documents by the member's name, downloads the PDF (same bytes) and rejects the JPEG with a note", async () => {
    await admin.goto(`${stack.gatewayUrl}/admin/documents`);
    await admin.getByLabel('Search documents').fill(memberName);
    const pdfRow = admin.getByRole('row', { name: new RegExp(pdfName) });
    const jpegRow = admin.getByRole('row', { name: new RegExp(jpegName) });
    await step(admin, 'admin-documents', async () => {
      await pdfRow.waitFor();
      await jpegRow.waitFor();
    });
    expect(await admin.getByRole('row').count()).toBe(3); // the header and the two documents
    await pdfRow.getByText(memberName).waitFor();
    await pdfRow.getByText(String(signUp.email)).waitFor();
    await pdfRow.getByText('Death Certificate').waitFor();
    await jpegRow.getByText('Government ID').waitFor();
    await expectAccessible(admin, 'journey: admin documents, searched by member name');

    const downloading = admin.waitForEvent('download');
    await pdfRow.getByRole('button', { name: `Download ${pdfName}` }).click();
    await admin.getByText('Download Started').first().waitFor();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(pdfName);
    expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);

    await jpegRow.getByRole('button', { name: `Review ${jpegName}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Review Document' });
    await dialog.waitFor();
    await dialog.getByText(jpegName).waitFor();
    await expectAccessible(admin, 'journey: admin review document dialog');
    await dialog.getByLabel('Admin Notes').fill(rejectionNote);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Document has been rejected').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await step(admin, 'admin-rejected', () =>
      jpegRow.getByText('Rejected', { exact: true }).waitFor(),
    );
    await pdfRow.getByText('Pending Review').waitFor();
    await expectAccessible(admin, 'journey: admin documents, after the review');
    await shot(admin, 'admin-documents');
  });

  it("shows both decisions in the member's open bell without a reload", async () => {
    const items = member.getByTestId('notification-item');
    await step(member, 'bell-live', async () => {
      await items.filter({ hasText: 'Death Report Approved' }).waitFor({ timeout: 20_000 });
      await items.filter({ hasText: 'Document Rejected' }).waitFor({ timeout: 20_000 });
    });
    await items
      .filter({ hasText: 'Document Rejected' })
      .getByText(rejectionNote, { exact: false })
      .waitFor();
    expect(
      await member.evaluate(
        () => (window as unknown as { journeyMarker?: boolean }).journeyMarker === true,
      ),
    ).toBe(true);
    await expectAccessible(member, 'journey: notification bell, both decisions');
    await shot(member, 'member-bell');
  });

  it('/my-reports, /upload and the dashboard show the decisions and notes', async () => {
    await member.goto(`${stack.gatewayUrl}/my-reports`);
    const card = member.getByRole('listitem').filter({ hasText: deceasedName });
    await step(member, 'my-reports-approved', () =>
      card.getByText('Approved', { exact: true }).waitFor(),
    );
    await card.getByText(approvalNote).waitFor();
    await card.getByText('Reviewed', { exact: true }).waitFor();
    await expectAccessible(member, 'journey: my death reports, approved');
    await shot(member, 'member-my-reports');

    await member.goto(`${stack.gatewayUrl}/upload`);
    const list = member.getByRole('region', { name: 'Uploaded documents' });
    const jpegRow = list.getByRole('listitem').filter({ hasText: jpegName });
    const pdfRow = list.getByRole('listitem').filter({ hasText: pdfName });
    await step(member, 'upload-rejected', () =>
      jpegRow.getByText('Rejected', { exact: true }).waitFor(),
    );
    await jpegRow.getByText(rejectionNote).waitFor();
    await pdfRow.getByText('Pending Review').waitFor();
    await expectAccessible(member, 'journey: upload, reviewed');
    await shot(member, 'member-upload-reviewed');

    await member.goto(`${stack.gatewayUrl}/dashboard`);
    await step(member, 'dashboard-reviewed', () => expectCounts('1', '0'));
    await expectAccessible(member, 'journey: member dashboard, report reviewed');
  });

  it("the member's emails about both decisions arrived in the mailbox", async () => {
    const email = String(signUp.email);
    await latestMail(stack, email, literally('Your death report has been approved.'));
    await latestMail(stack, email, literally(`Notes from our team: ${approvalNote}`));
    await latestMail(
      stack,
      email,
      literally(`Your document "${jpegName}" (Government ID) was rejected.`),
    );
    await latestMail(stack, email, literally(`Notes from our team: ${rejectionNote}`));
  });

  it("the site's admin email was told of the new report and of each document as they arrived", async () => {
    const who = `${String(signUp.firstName)} (${String(signUp.email)})`;
    const office = DEFAULT_SETTINGS.adminEmail;
    await latestMail(
      stack,
      office,
      literally(`${who} submitted a death report (reported by: Parent)`),
    );
    await latestMail(
      stack,
      office,
      literally(`${who} uploaded "${pdfName}" (Death Certificate). It waits for review.`),
    );
    await latestMail(
      stack,
      office,
      literally(`${who} uploaded "${jpegName}" (Government ID). It waits for review.`),
    );
  });
});
