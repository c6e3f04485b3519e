import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { describedByText, isFocused, registerAndPayFee, tabTo } from './support/web-flows';

type Locator = ReturnType<Page['locator']>;

/** A small but well-formed PDF (documents checks the content's magic bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

/** YYYY-MM-DD of the browser's local day, `days` from today. */
const localDate = (page: Page, days: number) =>
  page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, days);

describe('death reports and documents, as a member in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([
      startE2eStack({ shared: true }),
      launchChromium(),
    ]);
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

  async function chooseOption(combobox: Locator, name: string): Promise<void> {
    await combobox.click();
    await page.getByRole('option', { name, exact: true }).click();
    await eventually(async () => ((await combobox.inputValue()) === name ? true : undefined), {
      timeoutMs: 5_000,
      message: `${name} chosen`,
    });
  }

  // The whole journey (admin review, live bell, counts, mail) is death-report-journey.e2e-spec.ts;
  // this file covers the member's form and upload screens in depth.
  it('submits a death report (after the form’s own checks) with a certificate, follows it on /my-reports, and uploads documents', async () => {
    await registerAndPayFee(page, stack, aSignUp());

    // /upload before any upload.
    await page.goto(`${stack.gatewayUrl}/upload`);
    await page.getByRole('heading', { name: 'Your Documents' }).waitFor();
    await page.getByText('No documents uploaded yet').waitFor();
    expect(await page.title()).toBe('Upload Documents · JIBS');
    await expectAccessible(page, 'upload documents, empty');

    // /my-reports, empty.
    await page.goto(`${stack.gatewayUrl}/my-reports`);
    await page.getByRole('link', { name: 'Submit Your First Report' }).waitFor();
    expect(await page.title()).toBe('My Death Reports · JIBS');
    await expectAccessible(page, 'my death reports, empty');
    await page.getByRole('link', { name: 'Submit Your First Report' }).click();

    // /submit-death: an empty form is refused with the spec's words under each field.
    await page.waitForURL('**/submit-death');
    await page.getByRole('heading', { name: 'What Happens Next' }).waitFor();
    expect(await page.title()).toBe('Submit Death Report · JIBS');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Dashboard').waitFor();
    await expectAccessible(page, 'submit death report');
    await page.getByRole('button', { name: 'Submit Death Report' }).click();
    await page.getByText('Form Validation Error').waitFor();
    await page.getByText('Please correct the errors in the form').waitFor();
    const name = page.getByLabel('Deceased name');
    const date = page.getByLabel('Date of death');
    const place = page.getByLabel('Place of death');
    const relationship = page.getByRole('combobox', { name: 'Relationship to deceased' });
    expect(await describedByText(name)).toContain('Deceased name is required');
    expect(await describedByText(date)).toContain('Date of death is required');
    expect(await describedByText(place)).toContain('Place of death is required');
    expect(await describedByText(relationship)).toContain('Relationship to deceased is required');
    expect(await isFocused(name)).toBe(true);
    await expectAccessible(page, 'submit death report: errors');
    await page.screenshot({ path: 'test-results/death-report-errors.png', fullPage: true });

    // Editing a field clears its message only.
    await name.fill('Ahmed Rahman');
    await page.getByText('Deceased name is required').waitFor({ state: 'detached' });
    expect(await describedByText(place)).toContain('Place of death is required');

    // A date after the member's today and a certificate of another type are refused on the
    // client.
    await date.fill(await localDate(page, 1));
    await place.fill('Henry Ford Hospital, Detroit, MI');
    await chooseOption(relationship, 'Parent');
    const certificate = page.locator('input[type="file"]');
    await certificate.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a certificate'),
    });
    await page.getByRole('button', { name: 'Submit Death Report' }).click();
    await page.getByText('Date of death cannot be in the future').waitFor();
    await page.getByText('File type not allowed. Allowed types: PDF, JPG, JPEG, PNG').waitFor();
    expect(await isFocused(date)).toBe(true);
    await expectAccessible(page, 'submit death report: future date, wrong file');
    await page.screenshot({ path: 'test-results/death-report-refused.png', fullPage: true });

    await date.fill(await localDate(page, -2));
    await certificate.setInputFiles({
      name: 'certificate-scan.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page
      .getByText('File type not allowed. Allowed types: PDF, JPG, JPEG, PNG')
      .waitFor({ state: 'detached' });
    await page.getByLabel('Additional notes (optional)').fill('Janazah planned at the masjid.');
    await page.getByRole('button', { name: 'Submit Death Report' }).click();
    await page.getByText('Death Report Submitted Successfully').waitFor();
    await page
      .locator('.mantine-Notification-root', {
        hasText: '1 document(s) uploaded successfully and are pending review.',
      })
      .getByText('Upload Successful')
      .waitFor({ timeout: 30_000 });
    await page.waitForURL('**/my-reports');

    // /my-reports: the report, pending.
    const card = page.getByRole('listitem').filter({ hasText: 'Ahmed Rahman' });
    await card.waitFor();
    await card.getByText('Pending Review').waitFor();
    await card.getByText('Henry Ford Hospital, Detroit, MI').waitFor();
    await card.getByText('Parent', { exact: true }).waitFor();
    await card.getByText('Janazah planned at the masjid.').waitFor();
    await page.getByRole('link', { name: 'Submit New Report' }).waitFor();
    await page.getByRole('link', { name: 'Need Help?' }).waitFor();
    await expectAccessible(page, 'my death reports');
    await page.screenshot({ path: 'test-results/death-report-my-reports.png', fullPage: true });

    // /upload: the certificate sent with the report is listed; nothing chosen is refused.
    await page.goto(`${stack.gatewayUrl}/upload`);
    const list = page.getByRole('region', { name: 'Uploaded documents' });
    await list.getByRole('listitem').filter({ hasText: 'certificate-scan.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Upload 0 Document(s)' }).click();
    await page.getByText('Please select files and document type before uploading').waitFor();

    // The dropzone is a button reached by Tab; Enter or Space opens the file picker.
    const dropzone = page.getByRole('button', { name: 'Drag files here or click to browse' });
    // Playwright intercepts file pickers only once it is asked to (a round trip of its own):
    // a listener for the whole test asks early, so no picker opens before it is watched.
    page.on('filechooser', () => undefined);
    await tabTo(page, dropzone);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Space'),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({
      name: 'death-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByText('death-certificate.pdf').waitFor();

    // A file of another type, set on the dropzone's input, is refused with the spec's words.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await page.getByText('File type not allowed. Allowed types: PDF, JPG, JPEG, PNG').waitFor();

    // A JPEG made by the browser, dropped on the dropzone (a real DataTransfer drop).
    const dataTransfer = await page.evaluateHandle(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context2d = canvas.getContext('2d')!;
      context2d.fillStyle = '#236f4f';
      context2d.fillRect(0, 0, 64, 48);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9),
      );
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'government-id.jpg', { type: 'image/jpeg' }));
      return transfer;
    });
    await dropzone.dispatchEvent('dragenter', { dataTransfer });
    await dropzone.dispatchEvent('dragover', { dataTransfer });
    await dropzone.dispatchEvent('drop', { dataTransfer });
    await page.getByText('government-id.jpg').waitFor();

    // Removing a file takes it off the list; the count follows.
    await dropzone.focus();
    const [another] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Enter'),
    ]);
    await another.setFiles({ name: 'extra.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload 3 Document(s)' }).waitFor();
    await page.getByRole('button', { name: 'Remove extra.pdf' }).click();
    await page.getByRole('button', { name: 'Upload 2 Document(s)' }).waitFor();

    await chooseOption(page.getByRole('combobox', { name: 'Document type' }), 'Death Certificate');
    await expectAccessible(page, 'upload documents, files chosen');
    await page.screenshot({ path: 'test-results/death-report-upload-chosen.png', fullPage: true });
    // The first file's PUT to storage is held until its progress bar has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const gatewayPort = new URL(stack.gatewayUrl).port;
    await page.route(
      (url) => url.port !== gatewayPort && url.pathname.startsWith('/documents/'),
      async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.continue();
      },
    );
    await page.getByRole('button', { name: 'Upload 2 Document(s)' }).click();
    // At 0 % the bar has no width yet: present, not visible.
    await page
      .getByRole('progressbar', { name: 'Uploading death-certificate.pdf' })
      .waitFor({ state: 'attached' });
    await expectAccessible(page, 'upload documents, uploading');
    release();
    await page
      .locator('.mantine-Notification-root', {
        hasText: '2 document(s) uploaded successfully and are pending review.',
      })
      .getByText('Upload Successful')
      .waitFor({ timeout: 30_000 });

    // Your Documents: both, pending review, with their sizes.
    const pdfRow = list.getByRole('listitem').filter({ hasText: 'death-certificate.pdf' });
    const jpegRow = list.getByRole('listitem').filter({ hasText: 'government-id.jpg' });
    await pdfRow.getByText('Pending Review').waitFor();
    await jpegRow.getByText('Pending Review').waitFor();
    await pdfRow.getByText(`Death Certificate · ${PDF.length} Bytes`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Upload 0 Document(s)' }).waitFor();
    await expectAccessible(page, 'upload documents, uploaded');
    await page.screenshot({ path: 'test-results/death-report-upload-done.png', fullPage: true });

    // A reload reads them back from documents.
    await page.reload();
    await list.getByRole('listitem').nth(2).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
  });
});
