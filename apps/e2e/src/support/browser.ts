import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/**
 * How long a browser action or wait may take. Playwright's 30 s is too short when a second test
 * run, or a build, shares the two cores with the stack and Chromium; a real hang still fails.
 */
export const BROWSER_ACTION_TIMEOUT_MS = 60_000;

/** Debian's Chromium (installed by .ci/run), driven by Playwright; no browser download. */
export async function launchChromium(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? execFileSync('which', ['chromium']).toString().trim();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  // Every context the tests open gets the longer limit (browser.newPage opens one too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_ACTION_TIMEOUT_MS);
    // A script error or a crash in a page is printed with its address, so a test that then
    // times out waiting says why (CI keeps only the output).
    context.on('page', (page) => {
      page.on('pageerror', (error) =>
        process.stderr.write(`page error at ${page.url()}: ${error.stack ?? error.message}\n`),
      );
      page.on('crash', () => process.stderr.write(`page crashed at ${page.url()}\n`));
    });
    return context;
  };
  return browser;
}
