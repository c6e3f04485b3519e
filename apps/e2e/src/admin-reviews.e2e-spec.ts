import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signIn, signInAsAdmin, tabTo } from './support/web-flows';

const SUBMIT_REPORT = /* GraphQL */ `
  mutation Submit($input: SubmitDeathReportInput!) {
    submitDeathReport(input: $input) {
      id
      status
    }
  }
`;

const START_UPLOAD = /* GraphQL */ `
  mutation Start($input: StartDocumentUploadInput!) {
    startDocumentUpload(input: $input) {
      key
      url
      method
      headers {
        name
        value
      }
    }
  }
`;

const CONFIRM_UPLOAD = /* GraphQL */ `
  mutation Confirm($input: ConfirmDocumentUploadInput!) {
    confirmDocumentUpload(input: $input) {
      id
      status
      fileSize
      fileType
    }
  }
`;

/** A small but real PDF (its magic bytes are what the server checks). */
function aPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      `% ${Date.now()} death certificate\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

// What the member sees of the decisions (bell, pages, counts, mail) is checked by
// death-report-journey.e2e-spec.ts; this file covers the console itself.
describe('the admin console reviews death reports and documents, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let memberClient: GraphQLClient;
  const memberInput = aSignUp();
  const deceasedName = `Yusuf Rahman ${Date.now().toString(36)}`;
  const fileName = `death-certificate-${Date.now().toString(36)}.pdf`;
  const pdf = aPdf();

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stop?.();
  });

  const shot = (name: string) => page.screenshot({ path: `test-results/admin-${name}.png` });

  async function failWithContext(error: unknown, name: string): Promise<never> {
    await shot(`${name}-failure`).catch(() => undefined);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  it('a member submits a report and uploads a PDF through the API (presign, PUT, confirm)', async () => {
    memberClient = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(memberClient, stack, memberInput);
    // Reporting and uploading need completed registration: the member pays the fee first.
    await payRegistrationByApi(memberClient, stack, user.id);

    const report = await memberClient.request<{ submitDeathReport: { status: string } }>(
      SUBMIT_REPORT,
      {
        input: {
          deceasedName,
          dateOfDeath: '2026-01-15',
          placeOfDeath: 'Dearborn, MI',
          relationshipToDeceased: 'Parent',
          additionalNotes: 'Passed away peacefully at home.',
        },
      },
    );
    expect(report.errors).toBeUndefined();
    expect(report.data!.submitDeathReport.status).toBe('PENDING');

    const slot = await memberClient.request<{
      startDocumentUpload: {
        key: string;
        url: string;
        method: string;
        headers: { name: string; value: string }[];
      };
    }>(START_UPLOAD, {
      input: {
        fileName,
        fileType: 'application/pdf',
        fileSize: pdf.length,
        documentType: 'Death Certificate',
      },
    });
    expect(slot.errors).toBeUndefined();
    const { key, url, method, headers } = slot.data!.startDocumentUpload;
    const put = await fetch(url, {
      method,
      headers: Object.fromEntries(headers.map((header) => [header.name, header.value])),
      body: new Uint8Array(pdf),
    });
    expect(put.ok).toBe(true);

    const confirmed = await memberClient.request<{
      confirmDocumentUpload: { status: string; fileSize: number; fileType: string };
    }>(CONFIRM_UPLOAD, { input: { key, fileName, documentType: 'Death Certificate' } });
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data!.confirmDocumentUpload).toMatchObject({
      status: 'PENDING',
      fileSize: pdf.length,
      fileType: 'application/pdf',
    });
  });

  it('the admin signs in with an authenticator code and sees the review counts', async () => {
    await signInAsAdmin(page, stack);

    await page.goto(`${stack.gatewayUrl}/admin`);
    await page
      .getByRole('heading', { name: 'Admin Dashboard' })
      .waitFor()
      .catch((error) => failWithContext(error, 'dashboard'));
    await expect(page.getByRole('navigation', { name: 'Admin Panel' }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByText('Logged in as').waitFor();
    // One pending report and one pending document: Pending Reviews reads 2.
    await page.getByText('1 reports, 1 documents').waitFor();
    await expectAccessible(page, 'admin: dashboard');
    await shot('dashboard');

    // Ctrl+B folds the sidebar to icons; the state survives a reload (a 7-day cookie).
    const toggle = page.getByRole('button', { name: /^(Collapse|Expand) sidebar$/ });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Control+b');
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'admin_sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    const navWidth = await page
      .getByRole('navigation', { name: 'Admin Panel' })
      .evaluate((nav) => nav.getBoundingClientRect().width);
    expect(navWidth).toBe(48); // 3rem
    await expectAccessible(page, 'admin: dashboard, sidebar in icon mode');
    await page.keyboard.press('Control+b');
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
  });

  it('approves the death report on /admin/death-reports', async () => {
    await page.getByRole('link', { name: 'Death Reports' }).first().click();
    await page.waitForURL('**/admin/death-reports');
    await page.getByRole('heading', { name: 'Death Reports', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: deceasedName });
    await card.waitFor().catch((error) => failWithContext(error, 'death-reports'));
    await expect(card.getByText('Pending Review').isVisible()).resolves.toBe(true);
    await expect(card.getByText('Passed away peacefully at home.').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'admin: death reports');

    // The search narrows the list; a search that matches nothing says so.
    await page.getByLabel('Search death reports').fill('no such person at all');
    await page.getByText('No death reports found matching your criteria.').waitFor();
    await page.getByLabel('Search death reports').fill(deceasedName);
    await card.waitFor();

    // A second tab still shows the report as pending.
    const stale = await context.newPage();
    await stale.goto(`${stack.gatewayUrl}/admin/death-reports`);
    const staleCard = stale.getByRole('article', { name: deceasedName });
    await staleCard.getByRole('button', { name: `Approve report on ${deceasedName}` }).waitFor();

    // Approved by keyboard alone: Tab to the button, Enter.
    await tabTo(page, card.getByRole('button', { name: `Approve report on ${deceasedName}` }));
    await page.keyboard.press('Enter');
    await page.getByText('Death report approved successfully').first().waitFor();
    // Refetched: the card now reads Approved, with no actions left.
    await card.getByText('Approved', { exact: true }).waitFor();
    await expect(card.getByRole('button', { name: /Approve|Reject/ }).count()).resolves.toBe(0);
    await shot('death-reports');

    // The stale tab's decision is refused with the server's words, announced as an alert.
    await staleCard.getByRole('button', { name: `Reject report on ${deceasedName}` }).click();
    await stale
      .getByRole('alert')
      .filter({ hasText: 'Failed to reject death report: This report has already been reviewed' })
      .waitFor();
    await stale.close();
  });

  it('downloads the PDF (same bytes) and rejects it with a note on /admin/documents', async () => {
    await page.getByRole('link', { name: 'Documents' }).first().click();
    await page.waitForURL('**/admin/documents');
    const row = page.getByRole('row', { name: new RegExp(fileName) });
    await row.waitFor().catch((error) => failWithContext(error, 'documents'));
    await expect(row.getByText('Death Certificate').isVisible()).resolves.toBe(true);
    await expect(row.getByText('Pending Review').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'admin: documents');

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${fileName}` }).click();
    await page.getByText(`Downloading ${fileName}`).first().waitFor();
    const download = await downloading;
    const saved = await download.path();
    expect(Buffer.compare(await readFile(saved), pdf)).toBe(0);

    await row.getByRole('button', { name: `Review ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Document' });
    await dialog.waitFor();
    await expect(dialog.getByText(fileName).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'admin: review document dialog');
    await dialog.getByLabel('Admin Notes').fill('The scan is unreadable; please upload it again.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Document has been rejected').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Rejected', { exact: true }).waitFor();
    await shot('documents');
  });

  it('on a phone the sidebar is an 18rem drawer behind a menu button', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${stack.gatewayUrl}/admin/death-reports`);
      const menu = page.getByRole('button', { name: 'Open sidebar' });
      await menu.waitFor();
      await menu.click();
      await page.getByRole('button', { name: 'Close sidebar' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Admin Panel' });
      await expect(nav.evaluate((el) => el.getBoundingClientRect().width)).resolves.toBe(288);
      await expectAccessible(page, 'admin: sidebar drawer on a phone');
      await shot('mobile-drawer');
      // The page beside it is dimmed; a tap there closes the drawer.
      await page.getByTestId('admin-drawer-backdrop').click({ position: { x: 340, y: 400 } });
      await menu.waitFor();
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await menu.click();
      await nav.getByRole('link', { name: 'Documents' }).click();
      await page.waitForURL('**/admin/documents');
      await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('sends a member who opens the console to the member site, and a visitor to sign in', async () => {
    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${stack.gatewayUrl}/admin/documents`);
      await visitorPage.waitForURL((url) => url.pathname === '/login');

      await signIn(visitorPage, stack, String(memberInput.email), String(memberInput.password));
      await visitorPage.waitForURL((url) => url.pathname !== '/login');
      await visitorPage.goto(`${stack.gatewayUrl}/admin/death-reports`);
      // The console sends members to /dashboard (which may lead on to finish registering).
      await visitorPage.waitForURL((url) => !url.pathname.startsWith('/admin'));
      await expect(visitorPage.getByText(deceasedName).count()).resolves.toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
