import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { loadCatalogue, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { expectNoEnglish } from './support/languages';
import { signInAsAdmin } from './support/web-flows';

const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';

/** The service and event-topic names the Operations page shows: technical identifiers. */
const SERVICE_NAMES = ['identity', 'notifications', 'billing', 'cases', 'documents', 'memorials'];

/**
 * The admin console's analytics, audit trail, exports, fund, janazah, operations and webhooks in
 * Arabic (and two of them in Urdu): no English word left in those screens, axe clean, mirrored.
 */
describe('languages: the admin console operations screens in Arabic and Urdu', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ar: Translator;
  let ur: Translator;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    [ar, ur] = await Promise.all([loadCatalogue('ar'), loadCatalogue('ur')]);
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
    await signInAsAdmin(page, stack);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  /**
   * Switches with the header's language choice, which an admin's console saves on their profile
   * (the profile's choice wins over the cookie once signed in): waits for that save.
   */
  async function useLanguage(lang: 'ar' | 'ur') {
    await page.goto(`${stack.gatewayUrl}/admin/`);
    const switcher = page.getByRole('banner').locator('select').first();
    await switcher.waitFor();
    await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/graphql') &&
          (response.request().postData() ?? '').includes('SaveLanguageChoice'),
      ),
      switcher.selectOption(lang),
    ]);
  }

  async function open(path: string, lang: 'ar' | 'ur', heading: string) {
    await page.goto(`${stack.gatewayUrl}/admin/${path}`);
    await page.waitForFunction(
      (l) => document.documentElement.lang === l && document.documentElement.dir === 'rtl',
      lang,
    );
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  /**
   * Words the console's frame shows (its header and navigation are wt-i18n-admin's, converted
   * on that branch) and the data the screens show as typed (names, emails, addresses,
   * identifiers, set apart in <bdi>): allowed, and nothing else of the page.
   */
  async function frameAndData(): Promise<string[]> {
    return page.evaluate(() => {
      const found: string[] = [];
      for (const element of Array.from(document.querySelectorAll('header, nav, bdi'))) {
        found.push((element as HTMLElement).innerText);
        for (const labelled of Array.from(element.querySelectorAll('[aria-label], [title]'))) {
          found.push(
            labelled.getAttribute('aria-label') ?? '',
            labelled.getAttribute('title') ?? '',
          );
        }
      }
      return found;
    });
  }

  async function check(label: string, lang: 'ar' | 'ur', allow: string[] = []) {
    await expectNoEnglish(page, lang, label, [...(await frameAndData()), ...allow]);
    await expectAccessible(page, `${label}, ${lang}`);
  }

  const shot = (name: string) =>
    page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });

  it('analytics, exports (one started), fund and janazah read in Arabic', async () => {
    await useLanguage('ar');
    const ops = (key: string) => ar.t('AdminOpsMessages', key);
    const exportOf = (table: string) =>
      ar.t('AdminOpsMessages', 'exportTable', { table: ops(table) });

    await open('analytics', 'ar', ops('analyticsTitle'));
    await page.getByRole('heading', { name: ops('revenuePerMonth') }).waitFor();
    await check('admin analytics', 'ar');
    await shot('admin-analytics-ar');

    await open('exports', 'ar', ops('exportsTitle'));
    await check('admin exports', 'ar', ['JSON', 'CSV']);
    await page.getByRole('button', { name: exportOf('tablePayments') }).click();
    const dialog = page.getByRole('dialog', {
      name: exportOf('tablePayments'),
    });
    await dialog.waitFor();
    await dialog.getByLabel(ops('onlyRange')).check();
    await dialog.getByLabel(ops('startDate')).fill('2026-01-10');
    await dialog.getByLabel(ops('endDate')).fill('2026-01-01');
    // The range's problem, in Arabic.
    await dialog.getByText(ar.t('DataExportMessages', 'startAfterEnd')).waitFor();
    await check('admin export dialog', 'ar', ['JSON', 'CSV']);
    await dialog.getByLabel(ops('onlyRange')).uncheck();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: ops('export'), exact: true }).click();
    await download;
    await page.getByText(ar.t('DataExportMessages', 'exportSuccessTitle')).first().waitFor();
    // The toast names the file as saved; its close button is the console's toasts' (Mantine's
    // Notifications in the app shell, converted on wt-i18n-admin).
    const saved = await page.evaluate(() => document.body.innerText.match(/jibs[\w.-]*/g) ?? []);
    await check('admin export done', 'ar', ['JSON', 'CSV', ...saved, 'Close', 'notification']);

    await open('fund', 'ar', ops('fundTitle'));
    await page.getByRole('heading', { name: ops('payouts'), exact: true }).waitFor();
    // Mirrored: the first figure (balance) sits to the right of the second.
    const balance = await page.getByText(ops('balance'), { exact: true }).boundingBox();
    const average = await page.getByText(ops('averagePayout'), { exact: true }).boundingBox();
    expect(balance!.x).toBeGreaterThan(average!.x);
    await check('admin fund', 'ar', ['CSV']);
    await shot('admin-fund-ar');
    await page.getByRole('button', { name: ops('exportLedger') }).click();
    await page.getByRole('dialog', { name: exportOf('tableLedger') }).waitFor();
    await check('admin fund ledger export dialog', 'ar', ['JSON', 'CSV']);
    await page.keyboard.press('Escape');

    await open('janazah', 'ar', ops('janazahTitle'));
    await page.getByText(ops('noJanazahNotices')).waitFor();
    await check('admin janazah', 'ar');
    await shot('admin-janazah-ar');
  }, 180_000);

  it('webhooks (refused once, then one added), audit and operations read in Arabic', async () => {
    await useLanguage('ar');
    const ops = (key: string) => ar.t('AdminOpsMessages', key);

    await open('webhooks', 'ar', ops('webhooksTitle'));
    const register = page.getByRole('button', { name: ops('registerEndpointButton') });
    await register.click();
    await page.getByText(ar.t('WebhookMessages', 'urlRequired')).waitFor();
    await page.getByText(ar.t('WebhookMessages', 'eventTypesRequired')).waitFor();
    // The event types are the bus's identifiers; the address's example is an address.
    const eventTypes = await page
      .locator('input[type=checkbox]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const technical = [...eventTypes, 'https', 'example', 'org', 'jibs', 'webhooks'];
    await check('admin webhooks, refused', 'ar', technical);
    await page.getByLabel(ops('endpointAddress')).fill('http://127.0.0.1:9/jibs');
    await page.getByLabel(eventTypes[0]!).check();
    await register.click();
    await page.getByText(ops('endpointRegistered')).waitFor();
    // The address typed (in the Delete button's name too).
    await check('admin webhooks, secret shown', 'ar', [...technical, 'http']);
    await page
      .getByRole('button', {
        name: ar.t('AdminOpsMessages', 'deleteEndpoint', { url: 'http://127.0.0.1:9/jibs' }),
      })
      .click();
    await page.getByRole('button', { name: ops('deleteForGood') }).waitFor();
    await check('admin webhooks, delete confirm', 'ar', [...technical, 'http']);
    await shot('admin-webhooks-ar');

    await open('audit', 'ar', ops('auditTitle'));
    await page.getByRole('table', { name: ops('auditEntries') }).waitFor();
    await check('admin audit', 'ar', ['death_report.approved']);
    await shot('admin-audit-ar');

    await open('operations', 'ar', ops('operationsTitle'));
    await page.getByRole('heading', { name: ops('services') }).waitFor();
    await page.getByText(ops('ready')).first().waitFor();
    const topics = await page.evaluate(() =>
      Array.from(document.querySelectorAll('td, h3')).map((cell) => cell.textContent ?? ''),
    );
    await check('admin operations', 'ar', [...SERVICE_NAMES, ...technicalOnly(topics)]);
    await shot('admin-operations-ar');
  }, 180_000);

  it('fund and operations read in Urdu', async () => {
    await useLanguage('ur');
    const ops = (key: string) => ur.t('AdminOpsMessages', key);

    await open('fund', 'ur', ops('fundTitle'));
    await page.getByRole('heading', { name: ops('payouts'), exact: true }).waitFor();
    await check('admin fund', 'ur', ['CSV']);
    await shot('admin-fund-ur');

    await open('operations', 'ur', ops('operationsTitle'));
    await page.getByText(ops('ready')).first().waitFor();
    const topics = await page.evaluate(() =>
      Array.from(document.querySelectorAll('td, h3')).map((cell) => cell.textContent ?? ''),
    );
    await check('admin operations', 'ur', [...SERVICE_NAMES, ...technicalOnly(topics)]);
    await shot('admin-operations-ur');
  }, 120_000);
});

/**
 * The identifiers among a table's cells: consumer groups and topics ('cases.death-reports',
 * 'user.registered', versions), never a sentence. Words with spaces are not identifiers.
 */
function technicalOnly(cells: string[]): string[] {
  return cells
    .map((cell) => cell.trim())
    .filter((cell) => /^[a-z0-9]+([._-][a-z0-9]+)+$/i.test(cell));
}
