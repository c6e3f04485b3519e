import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { aBenchSignUp, knob, SMOKE, startBenchStack } from './bench-support';
import { formatFigures, loadBudgets, measureAll } from './web-budget';
import { publishTestEvent, ServiceProcess, type LocalStack } from '@jibs/stack';
import { freeLocalPort } from '@jibs/config';

/**
 * `npm run bench:web`: what the member site costs a visitor on a slow connection. Prints, per
 * route, the JS of the first load from the build (raw and gzipped, as the budget check counts
 * it), then loads each route in Chromium through the stack's gateway with a cold cache, on the
 * slow profile (1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, CPU slowed 4x), and prints the JS
 * actually transferred (bytes on the wire, bytes decoded, how many scripts, their encodings),
 * DOMContentLoaded, LCP, CLS and total blocking time (long tasks' time over 50 ms after the
 * first paint). The dashboard is loaded by a signed-in member whose fee is paid; a memorial page
 * (public, made by that member) by a visitor.
 *
 * BENCH_RUNS (default 3) loads per route; the median of each figure is printed.
 *
 * BENCH_WEB_BASELINE=<dir>: another build of the web client (a `dist/apps/web`, e.g. one built on
 * the commit before a change) served by a second gateway in front of the same services. Each
 * route then loads from the baseline and from this build in turn, run by run, so that both see
 * the same host; both rows print, with the LCP's ratio (this build over the baseline).
 * BENCH_WEB_ROUTES=/memorials,/memorial/:id: only these routes (as the table names them).
 * BENCH_WEB_TRACE=1: the last round prints each load's requests (start, first byte, end) and its LCP.
 */
const RUNS = knob('BENCH_RUNS', 3, 1);
const ONLY_ROUTES = process.env.BENCH_WEB_ROUTES?.split(',').filter(Boolean);
const BASELINE = process.env.BENCH_WEB_BASELINE
  ? resolve(process.env.BENCH_WEB_BASELINE)
  : undefined;
const ROOT = resolve(__dirname, '../../../..');
const SLOW = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};
const CPU_SLOWDOWN = 4;
/** When set, a screenshot of each route's last load is written there. */
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
/** BENCH_WEB_TRACE=1: the last round's loads print each request (start, first byte, end) too. */
const TRACE = process.env.BENCH_WEB_TRACE === '1';

const PUBLIC_ROUTES = ['/', '/login', '/register', '/faq', '/contact', '/memorials'];
const MEMBER_ROUTES = ['/dashboard'];

interface PageFigures {
  jsWire: number;
  jsDecoded: number;
  scripts: number;
  encodings: string;
  dcl: number;
  lcp: number;
  /** What the largest contentful paint was: its tag, class and the start of its text. */
  lcpElement: string;
  cls: number;
  tbt: number;
}

/** Records LCP, layout shifts, long tasks and the first paint as the page loads. */
const OBSERVE = `
  window.__vitals = { lcp: 0, lcpElement: '', cls: 0, longTasks: [], fcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__vitals.lcp = e.renderTime || e.loadTime || e.startTime;
      const el = e.element;
      window.__vitals.lcpElement = el
        ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') +
          ' "' + (el.textContent || '').trim().slice(0, 30) + '"'
        : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__vitals.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

async function loadOnce(
  context: BrowserContext,
  url: string,
  screenshot?: string,
  trace = false,
): Promise<PageFigures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  const scripts = new Map<string, { type: string; encoding: string }>();
  const wire = new Map<string, number>();
  const decoded = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    scripts.set(event.requestId, {
      type: event.type,
      encoding: headers['content-encoding'] ?? 'identity',
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    wire.set(event.requestId, event.encodedDataLength);
  });

  // Each request's start, first byte and end, in seconds of the browser's clock.
  const timings = new Map<
    string,
    { url: string; start: number; firstByte?: number; end?: number }
  >();
  if (trace) {
    cdp.on('Network.requestWillBeSent', (event) => {
      timings.set(event.requestId, { url: event.request.url, start: event.timestamp });
    });
    cdp.on('Network.responseReceived', (event) => {
      const timing = timings.get(event.requestId);
      if (timing) timing.firstByte = event.timestamp;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const timing = timings.get(event.requestId);
      if (timing) timing.end = event.timestamp;
    });
  }

  await page.addInitScript(OBSERVE);
  await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
  // Every route's screen has a heading: until it shows, the page is not there yet (the CPU is
  // slowed 4x, so the last script may run seconds after the network fell idle).
  await page.locator('main h1').first().waitFor({ timeout: 180_000 });
  // Then late chunks (the deferred Apollo client, toasts) and their long tasks settle: no long
  // task for a second.
  await page.waitForFunction(
    () => {
      const v = (window as unknown as { __vitals: { longTasks: Array<[number, number]> } })
        .__vitals;
      const last = v.longTasks.at(-1);
      return performance.now() - (last ? last[0] + last[1] : 0) > 1000;
    },
    undefined,
    { timeout: 180_000, polling: 250 },
  );
  const vitals = await page.evaluate(() => {
    const v = (window as unknown as { __vitals: Record<string, unknown> }).__vitals as {
      lcp: number;
      lcpElement: string;
      cls: number;
      fcp: number;
      longTasks: Array<[number, number]>;
    };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const tbt = v.longTasks
      .filter(([start]) => start >= v.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      lcp: v.lcp,
      lcpElement: v.lcpElement,
      cls: v.cls,
      tbt,
      dcl: nav.domContentLoadedEventEnd,
    };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  if (trace) printTrace(url, [...timings.values()], vitals);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await page.close();

  const ids = [...scripts.keys()];
  const encodings = new Map<string, number>();
  for (const id of ids) {
    const encoding = scripts.get(id)!.encoding;
    encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
  }
  return {
    jsWire: ids.reduce((sum, id) => sum + (wire.get(id) ?? 0), 0),
    jsDecoded: ids.reduce((sum, id) => sum + (decoded.get(id) ?? 0), 0),
    scripts: ids.length,
    encodings: [...encodings].map(([name, n]) => `${n} ${name}`).join(', '),
    ...vitals,
  };
}

/** One load's requests in the order they started, from the first, with its LCP. */
function printTrace(
  url: string,
  requests: Array<{ url: string; start: number; firstByte?: number; end?: number }>,
  vitals: { lcp: number; lcpElement: string },
): void {
  const zero = Math.min(...requests.map((r) => r.start));
  const at = (t?: number) => (t === undefined ? '     -' : `${(t - zero).toFixed(2)}s`.padStart(6));
  const lines = [
    `\ntrace of ${url}: LCP ${(vitals.lcp / 1000).toFixed(2)} s, ${vitals.lcpElement}`,
    '  start  bytes    end  request',
    ...[...requests]
      .sort((a, b) => a.start - b.start)
      .map((r) => `  ${at(r.start)} ${at(r.firstByte)} ${at(r.end)}  ${new URL(r.url).pathname}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type RouteFigures = PageFigures & { runs: number };

/**
 * Loads the route once per url in turn (a warm-up round first, unless smoke), RUNS rounds; the
 * median of each figure per url.
 */
async function measureRoute(context: BrowserContext, urls: string[]): Promise<RouteFigures[]> {
  // Warm-up: the stack's own caches, Chromium's code cache (the smoke mode's one load is cold).
  if (!SMOKE) for (const url of urls) await loadOnce(context, url);
  const runs: PageFigures[][] = urls.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [arm, url] of urls.entries()) {
      const last = i === RUNS - 1 && arm === urls.length - 1 && SCREENSHOTS;
      const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
      runs[arm]!.push(
        await loadOnce(
          context,
          url,
          last ? join(SCREENSHOTS, `${name}.png`) : undefined,
          TRACE && i === RUNS - 1,
        ),
      );
    }
  }
  return runs.map((armRuns) => {
    const pick = (key: keyof Omit<PageFigures, 'encodings' | 'lcpElement'>) =>
      median(armRuns.map((r) => r[key]));
    // The element of the run whose LCP was the median.
    const lcp = pick('lcp');
    return {
      jsWire: pick('jsWire'),
      jsDecoded: pick('jsDecoded'),
      scripts: pick('scripts'),
      encodings: armRuns[armRuns.length - 1]!.encodings,
      dcl: pick('dcl'),
      lcp,
      lcpElement: armRuns.find((r) => r.lcp === lcp)!.lcpElement,
      cls: pick('cls'),
      tbt: pick('tbt'),
      runs: RUNS,
    };
  });
}

/**
 * A second gateway in front of the stack's services, serving the web client built in `webDir`:
 * the stack's gateway's settings but its own ports and that build.
 */
async function startBaselineGateway(stack: LocalStack, webDir: string): Promise<ServiceProcess> {
  const { spec } = stack.service('gateway');
  const port = await freeLocalPort();
  const metricsPort = await freeLocalPort([port]);
  const gateway = new ServiceProcess(
    {
      ...spec,
      name: 'gateway-baseline',
      port,
      env: {
        ...spec.env,
        METRICS_PORT: String(metricsPort),
        WEB_DIST_DIR: webDir,
        PUBLIC_ORIGIN: `http://localhost:${port}`,
      },
    },
    () => {},
  );
  await gateway.start();
  return gateway;
}

/**
 * A member who has paid the registration fee, signed in in `context` (its refresh cookie), made
 * through the gateway as the wizard does; the fee is marked paid in billing's database, and
 * billing announces it (`membership.registration_paid`, through its test route) to the services
 * that require it, which stands in for the sandbox checkout (not what is measured here).
 */
async function aPaidMember(
  stack: LocalStack,
  context: BrowserContext,
): Promise<{ memorialId: string }> {
  const graphql = async (query: string, variables: object, token?: string) => {
    const res = await context.request.post(`${stack.gatewayUrl}/graphql`, {
      data: { query, variables },
      headers: {
        'content-type': 'application/json',
        'apollo-require-preflight': 'true',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const body = (await res.json()) as { data?: Record<string, Record<string, unknown>> };
    if (!body.data) throw new Error(`${query.split('(')[0]}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const email = `web-bench-${Date.now()}@example.com`;
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const started = await graphql(
    'mutation($input: SignUpInput!) { startSignUp(input: $input) { signUpToken } }',
    { input: aBenchSignUp(email) },
  );
  const code = await waitFor(async () => {
    const mails = (await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as Array<{
      to: string;
      text: string;
      sentAt: string;
    }>;
    for (const mail of mails) {
      if (mail.sentAt <= startedAt || !mail.to.includes(email)) continue;
      const match = /verification code is (\d{6})/.exec(mail.text);
      if (match) return match[1];
    }
    return undefined;
  }, 'the sign-up code');
  const done = await graphql(
    'mutation($t: String!, $c: String!) { completeSignUp(signUpToken: $t, code: $c) { accessToken user { id } } }',
    { t: started['startSignUp']!['signUpToken'], c: code },
  );
  const userId = (done['completeSignUp']!['user'] as { id: string }).id;
  const accessToken = done['completeSignUp']!['accessToken'] as string;
  const billing = new Client({ connectionString: stack.databaseUrl('billing') });
  await billing.connect();
  try {
    await waitFor(
      async () =>
        (
          await billing.query(
            'UPDATE members SET registration_fee_paid = true, dues_paid = true WHERE user_id = $1',
            [userId],
          )
        ).rowCount || undefined,
      'billing to learn of the member',
    );
  } finally {
    await billing.end();
  }
  await publishTestEvent(stack.service('billing'), {
    type: 'membership.registration_paid',
    subject: userId,
    data: { userId },
  });
  for (const service of ['cases', 'documents', 'memorials']) {
    const db = new Client({ connectionString: stack.databaseUrl(service) });
    await db.connect();
    try {
      await waitFor(
        async () =>
          (
            await db.query('SELECT 1 FROM members WHERE user_id = $1 AND registration_paid', [
              userId,
            ])
          ).rowCount || undefined,
        `${service} to learn the fee is paid`,
      );
    } finally {
      await db.end();
    }
  }
  // A public memorial with a biography, as a family would make one (its page is what visitors
  // are sent to).
  const memorial = await graphql(
    'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }',
    {
      input: {
        fullName: 'Aisha Rahman',
        birthDate: '1941-03-02',
        deathDate: '2024-11-10',
        birthLocation: 'Lahore',
        deathLocation: 'Chicago',
        biography:
          'A teacher for forty years, she taught three generations of our community to read. She is remembered for her patience, her garden and the Friday meals she shared with every neighbour.',
        privacyLevel: 'PUBLIC',
      },
    },
    accessToken,
  );
  return { memorialId: memorial['createMemorial']!['id'] as string };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const load = loadavg();
  process.stdout.write(
    `bench:web ${new Date().toISOString()}, ${cpus().length} cores, load average ${load
      .map((n) => n.toFixed(2))
      .join(' ')}\n\nFirst-load JS per route, from the build (as npm run check:web-budgets):\n`,
  );
  process.stdout.write(
    `${formatFigures(measureAll(ROOT, loadBudgets(resolve(ROOT, 'tools/bench/web-budgets.json'))))}\n\n`,
  );

  if (BASELINE && !existsSync(join(BASELINE, 'index.html'))) {
    throw new Error(`BENCH_WEB_BASELINE: ${BASELINE} has no index.html (a dist/apps/web build)`);
  }
  const { stack, stop } = await startBenchStack();
  let browser: Browser | undefined;
  let baseline: ServiceProcess | undefined;
  try {
    const baselineUrl = BASELINE
      ? `http://localhost:${(baseline = await startBaselineGateway(stack, BASELINE)).spec.port}`
      : undefined;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const member = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { memorialId } = await aPaidMember(stack, member);

    process.stdout.write(
      `In Chromium, cold cache, 1.6 Mbit/s, 150 ms RTT, CPU ${CPU_SLOWDOWN}x slower; median of ${RUNS}:\n`,
    );
    const header = [
      'route',
      'JS wire',
      'JS decoded',
      'scripts',
      'DCL',
      'LCP',
      'CLS',
      'TBT',
      'encodings',
    ];
    const rows: string[][] = [header];
    const lcpElements: string[] = [];
    const routes: Array<[BrowserContext, string, string]> = [
      ...PUBLIC_ROUTES.map((path): [BrowserContext, string, string] => [visitor, path, path]),
      [visitor, `/memorial/${memorialId}`, '/memorial/:id'],
      ...MEMBER_ROUTES.map((path): [BrowserContext, string, string] => [
        member,
        path,
        `${path} (member)`,
      ]),
    ];
    const ratios: string[] = [];
    for (const [context, path, label] of routes) {
      if (ONLY_ROUTES && !ONLY_ROUTES.includes(label.replace(/ \(member\)$/, ''))) continue;
      const figures = await measureRoute(context, [
        ...(baselineUrl ? [`${baselineUrl}${path}`] : []),
        `${stack.gatewayUrl}${path}`,
      ]);
      const labels = baselineUrl ? [`${label} (baseline)`, label] : [label];
      if (baselineUrl) {
        const [before, after] = figures as [RouteFigures, RouteFigures];
        ratios.push(`  ${label}: ${(after.lcp / before.lcp).toFixed(2)}`);
      }
      for (const [arm, f] of figures.entries())
        rows.push([
          labels[arm]!,
          kb(f.jsWire),
          kb(f.jsDecoded),
          String(f.scripts),
          ms(f.dcl),
          ms(f.lcp),
          f.cls.toFixed(3),
          `${Math.round(f.tbt)} ms`,
          f.encodings,
        ]);
      for (const [arm, f] of figures.entries()) {
        lcpElements.push(`  ${labels[arm]}: ${f.lcpElement}`);
      }
      process.stderr.write(`  measured ${label}\n`);
    }
    const widths = header.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    process.stdout.write(
      `${rows
        .map((row) =>
          row
            .map((cell, i) =>
              i === 0 || i === 8 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
            )
            .join('  ')
            .trimEnd(),
        )
        .join('\n')}\n`,
    );
    process.stdout.write(
      `\nthe largest contentful paint (median run):\n${lcpElements.join('\n')}\n`,
    );
    if (baselineUrl) {
      process.stdout.write(
        `\nLCP, this build over the baseline (${BASELINE}), interleaved:\n${ratios.join('\n')}\n`,
      );
    }
    process.stdout.write(
      `\nload average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    await browser?.close();
    await baseline?.stop();
    await stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
