import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** axe-core's own build, evaluated in the page through Playwright (no CSP applies to that). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Impacts that fail the gate. */
const BLOCKING = new Set(['critical', 'serious']);

/** One line per check, read by the e2e run's teardown and `npm test`'s summary. */
export const AXE_RESULTS_FILE = resolve(__dirname, '../../../../test-results/axe-checks.jsonl');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core over the page as it is now (an open dialog included) and fails on any critical
 * or serious violation, listing each with the elements it found. Every call is counted.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const started = Date.now();
  await settle(page);
  // Injected once per document (the source is large; a navigation needs it again).
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate((source) => {
      (0, eval)(source);
    }, AXE_SOURCE);
  }
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown }> };
    };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations;
  }, WCAG_TAGS);
  const found = (violations as AxeViolation[]).map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}`),
    summary: violation.nodes[0]?.failureSummary ?? '',
  }));
  const blocking = found.filter((violation) => BLOCKING.has(violation.impact));
  record({
    file: basename(expect.getState().testPath ?? 'unknown'),
    label,
    url: page.url(),
    blocking: blocking.length,
    others: found.filter((violation) => !BLOCKING.has(violation.impact)).map((v) => v.id),
    ms: Date.now() - started,
  });
  if (blocking.length > 0) {
    throw new Error(
      `axe: ${blocking.length} critical or serious violation(s) on ${label} (${page.url()}):\n` +
        blocking
          .map(
            (violation) =>
              `- [${violation.impact}] ${violation.id}: ${violation.help}\n` +
              violation.nodes.map((node) => `    ${node}`).join('\n') +
              `\n    ${violation.summary.replace(/\n/g, '\n    ')}`,
          )
          .join('\n'),
    );
  }
}

/**
 * The page as a reader sees it once it has stopped moving: the layout's parts loaded beside the
 * page are in (the web app's footer marks itself `data-pending` until then) and its
 * transitions (a dialog fading in, a toast) have finished, so colours are measured at rest.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-pending]'));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

function record(entry: Record<string, unknown>): void {
  mkdirSync(dirname(AXE_RESULTS_FILE), { recursive: true });
  appendFileSync(AXE_RESULTS_FILE, `${JSON.stringify(entry)}\n`);
}
