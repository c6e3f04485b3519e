import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { metricsPortKey, serviceDescriptors, type LocalStack } from '@jibs/stack';
import { freeLocalPort } from '@jibs/config';
import { eventually } from '@jibs/testing';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';

/**
 * The operators' view, on a running stack: real Prometheus (Debian's prometheus package, as
 * .ci/run installs it) scrapes every service with the committed compose config and loads the
 * committed alert rules; traffic goes through the gateway (a sign-up, a registration paid on the
 * sandbox checkout, a failed sign-in, a forged payment webhook). Then every dashboard query and
 * every alert expression is evaluated against what the services really export: no metric name
 * that no service exports, and no query that comes back empty.
 */
const ROOT = resolve(__dirname, '../../..');
const PROMETHEUS_DIR = join(ROOT, 'tools/deploy/prometheus');
const DASHBOARD = join(ROOT, 'tools/deploy/grafana/dashboards/jibs-overview.json');

interface Dashboard {
  templating: { list: { name: string; query: { query: string } }[] };
  panels: { type: string; title: string; repeat?: string; targets?: { expr: string }[] }[];
}
interface Rule {
  alert: string;
  expr: string;
}
interface QueryResult {
  status: string;
  error?: string;
  data: {
    resultType: string;
    result: { metric: Record<string, string>; value: [number, string] }[];
  };
}

/** Words of PromQL that are not metric names. */
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
  // Aggregations, written `sum by (x) (...)` as well as `sum(...)`.
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'count',
  'count_values',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
]);

/** The metric names a PromQL expression reads (selectors), functions and labels left out. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '$1');
  const names = [...bare.matchAll(/(?<![\w:.])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)]
    .map((match) => match[1] as string)
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
  return [...new Set(names)];
}

/** A rule's signal: its expression without the final threshold (each side of an `and`). */
function signals(expr: string): string[] {
  return expr
    .split(/\n\s*and\s*\n/)
    .map((part) => part.trim().replace(/\s*(>|<|==|!=|>=|<=)\s*[\d.]+\s*$/, ''));
}

describe('dashboards and alerts on a running stack, evaluated by Prometheus', () => {
  let stack: LocalStack;
  let stopStack: () => Promise<void>;
  let prometheus: ChildProcess | undefined;
  let prometheusOutput = '';
  let dataDir: string;
  let api: string;
  const services: string[] = [];

  const query = async (expr: string): Promise<QueryResult['data']['result']> => {
    const response = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await response.json()) as QueryResult;
    if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
    return body.data.result;
  };
  // Whether a series was scraped in the last minute. An instant selector alone misses every series
  // of a target whose latest scrape failed (Prometheus marks them stale at once), and on a busy
  // machine a scrape can take longer than the test's one-second timeout.
  const exported = (matchers: string) => `count(last_over_time({${matchers}}[1m]))`;
  const nonEmpty = (expr: string, what: string) =>
    eventually(async () => (await query(expr)).length > 0, {
      timeoutMs: 30_000,
      intervalMs: 500,
      message: `${what} to return data (${expr})`,
    });

  beforeAll(async () => {
    const e2e = await startE2eStack();
    stack = e2e.stack;
    stopStack = e2e.stop;

    // The committed config, its targets moved to this stack's loopback ports, scraping each
    // second so that rates have samples within seconds.
    dataDir = mkdtempSync(join(tmpdir(), 'jibs-prometheus-'));
    const port = await freeLocalPort();
    api = `http://127.0.0.1:${port}`;
    const config = parse(readFileSync(join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8')) as {
      global: Record<string, string>;
      rule_files: string[];
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    config.global = { scrape_interval: '1s', evaluation_interval: '1s' };
    config.rule_files = config.rule_files.map((file) => join(PROMETHEUS_DIR, file));
    for (const job of config.scrape_configs) {
      const target =
        job.job_name === 'prometheus'
          ? `127.0.0.1:${port}`
          : `127.0.0.1:${
              job.job_name === 'gateway'
                ? stack.options.gatewayMetricsPort
                : stack.options[metricsPortKey(job.job_name)]
            }`;
      for (const group of job.static_configs) group.targets = [target];
      if (job.job_name !== 'prometheus') services.push(job.job_name);
    }
    writeFileSync(join(dataDir, 'prometheus.yml'), stringify(config));
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(dataDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dataDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (chunk: Buffer) => (prometheusOutput += chunk.toString()));
    prometheus.stderr?.on('data', (chunk: Buffer) => (prometheusOutput += chunk.toString()));
    const exited = new Promise<never>((_, reject) => {
      prometheus?.once('error', (error) =>
        reject(
          new Error(`prometheus did not start (apt-get install prometheus): ${error.message}`),
        ),
      );
      prometheus?.once('exit', (code) =>
        reject(new Error(`prometheus exited (${code}):\n${prometheusOutput.slice(-2000)}`)),
      );
    });
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      eventually(async () => (await fetch(`${api}/-/ready`)).ok, {
        timeoutMs: 30_000,
        intervalMs: 200,
        message: 'Prometheus to be ready',
      }),
    ]);

    // Traffic, as members and the outside world make it.
    try {
      await makeTraffic();
    } catch (error) {
      const errors = e2e.logs.filter((line) => /"level":(50|60)|error/i.test(line)).slice(-30);
      throw new Error(`${(error as Error).message}\n${errors.join('\n')}`);
    }
  }, 240_000);

  async function makeTraffic() {
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const input = aSignUp();
    const member = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, member.user.id);
    // The member's dashboard asks every subgraph something (requests on each service's panels).
    const dashboardQuery = await client.request(
      `{ unreadNotificationCount myDeathReportCounts { __typename } myDocuments { id } memorials { id } }`,
    );
    expect(dashboardQuery.errors).toBeUndefined();
    const stranger = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const failed = await stranger.request(
      `mutation { signIn(input: { email: "${String(input['email'])}", password: "not-the-password-1" }) { session { accessToken } } }`,
    );
    expect(failed.errors?.length).toBeGreaterThan(0);
    const forged = await fetch(`${stack.gatewayUrl}/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_forged', type: 'checkout.completed' }),
    });
    expect(forged.status).toBe(400);
  }

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const gone = new Promise((done) => prometheus?.once('exit', done));
      prometheus.kill('SIGTERM');
      await gone;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await stopStack?.();
  });

  it('reads the metric names of a query as Prometheus does (the check below relies on it)', () => {
    expect(
      metricNames(
        'sum by (le, service) (rate(a_bucket{route!="x y"}[5m])) / max without (i) (b:c) or vector(0) > 1',
      ),
    ).toEqual(['a_bucket', 'b:c']);
    expect(metricNames('up{service!=""} == 0 and on (service) delta(lag[10m]) > 0')).toEqual([
      'up',
      'lag',
    ]);
  });

  it('scrapes every service, memorials and the gateway included, each with its service label', async () => {
    expect([...services].sort()).toEqual(
      ['gateway', ...serviceDescriptors().map((service) => service.name)].sort(),
    );
    const up = await eventually(
      async () => {
        const result = await query('up{service!=""}');
        return result.length === services.length && result.every((r) => r.value[1] === '1')
          ? result
          : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'every target to be up' },
    );
    expect(up.map((r) => r.metric['service']).sort()).toEqual([...services].sort());
  });

  it("lists every service in the dashboard's service variable", async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const variable = dashboard.templating.list.find((v) => v.name === 'service');
    const match = /^label_values\((\w+), (\w+)\)$/.exec(variable?.query.query ?? '');
    expect(match).not.toBeNull();
    const [, metric, label] = match as RegExpExecArray;
    const values = await eventually(
      async () => {
        const response = await fetch(
          `${api}/api/v1/label/${label}/values?match[]=${encodeURIComponent(metric as string)}`,
        );
        const { data } = (await response.json()) as { data: string[] };
        return data.length >= services.length ? data : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'the service variable to list every service' },
    );
    expect([...values].sort()).toEqual([...services].sort());
  });

  it('exports every metric that a dashboard query or an alert reads', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const rules = (
      parse(readFileSync(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as {
        groups: { rules: Rule[] }[];
      }
    ).groups.flatMap((group) => group.rules);
    const exprs = [
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
      ...rules.map((rule) => rule.expr),
    ];
    const names = [...new Set(exprs.flatMap(metricNames))];
    expect(names).toEqual(expect.arrayContaining(['up', 'events_dead_letters_total']));
    const unknown: string[] = [];
    for (const name of names) {
      if ((await query(exported(`__name__="${name}"`))).length === 0) unknown.push(name);
    }
    expect(unknown).toEqual([]);
  });

  it('answers every overview panel query with data', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const rowStart = dashboard.panels.findIndex((panel) => panel.repeat === 'service');
    const overview = dashboard.panels.slice(0, rowStart < 0 ? undefined : rowStart);
    for (const panel of overview) {
      for (const target of panel.targets ?? []) {
        const expr = target.expr.replace(/\$service/g, '.*').replace(/\$__rate_interval/g, '5m');
        await nonEmpty(expr, `the panel "${panel.title}"`);
      }
    }
  });

  it('answers every per-service panel for each service, but event series a service has none of', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
    const rowStart = dashboard.panels.findIndex((panel) => panel.repeat === 'service');
    expect(rowStart).toBeGreaterThan(0);
    const targets = dashboard.panels
      .slice(rowStart + 1)
      .flatMap((panel) =>
        (panel.targets ?? []).map((target) => ({ panel: panel.title, ...target })),
      );
    expect(targets.length).toBeGreaterThan(0);
    const answered = new Set<string>();
    for (const service of services) {
      for (const target of targets) {
        const expr = target.expr.replace(/\$service/g, service).replace(/\$__rate_interval/g, '5m');
        const missing: string[] = [];
        for (const name of metricNames(expr)) {
          if ((await query(exported(`__name__="${name}", service="${service}"`))).length === 0)
            missing.push(name);
        }
        // A service that publishes or consumes nothing (the gateway has no bus at all) has no
        // series of those event metrics; everything else every service has.
        if (missing.length) {
          expect(`${service}: ${missing.filter((name) => !name.startsWith('events_'))}`).toBe(
            `${service}: `,
          );
          continue;
        }
        await nonEmpty(expr, `"${target.panel}" of ${service}`);
        answered.add(target.expr);
      }
    }
    // And no query is empty for every service.
    expect(targets.filter((target) => !answered.has(target.expr)).map((t) => t.expr)).toEqual([]);
  });

  it('evaluates every alert rule without error, each signal with data', async () => {
    const rules = (
      parse(readFileSync(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as {
        groups: { rules: Rule[] }[];
      }
    ).groups.flatMap((group) => group.rules);
    const loaded = await eventually(
      async () => {
        const response = await fetch(`${api}/api/v1/rules?type=alert`);
        const body = (await response.json()) as {
          data: {
            groups: {
              rules: { name: string; health: string; lastError?: string; lastEvaluation: string }[];
            }[];
          };
        };
        const all = body.data.groups.flatMap((group) => group.rules);
        return all.length === rules.length && all.every((rule) => rule.health !== 'unknown')
          ? all
          : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'Prometheus to evaluate every rule' },
    );
    expect(
      loaded.map((rule) => `${rule.name}: ${rule.health}${rule.lastError ?? ''}`).sort(),
    ).toEqual(rules.map((rule) => `${rule.alert}: ok`).sort());
    for (const rule of rules) {
      for (const signal of signals(rule.expr)) await nonEmpty(signal, `the ${rule.alert} signal`);
    }
  });

  it('counts what the traffic did: a refused webhook signature, receipts sent, a welcome handled', async () => {
    await eventually(
      async () =>
        (await query('billing_webhook_signature_failures_total{service="billing"}'))[0]
          ?.value[1] === '1',
      { timeoutMs: 30_000, intervalMs: 500, message: 'the refused signature to be counted' },
    );
    await eventually(
      async () =>
        (await query('notifications_receipts_unsent{service="notifications"}'))[0]?.value[1] ===
        '0',
      { timeoutMs: 30_000, intervalMs: 500, message: 'the receipt to be sent' },
    );
    const handled = await query(
      'sum by (service) (events_handled_total{service="notifications", outcome="success"})',
    );
    expect(Number(handled[0]?.value[1])).toBeGreaterThan(0);
    // Nothing went to the dead letters, and no alert fires on this healthy stack.
    expect(await query('sum(events_dead_letters_total) > 0')).toEqual([]);
    const alerts = (await (await fetch(`${api}/api/v1/alerts`)).json()) as {
      data: { alerts: { labels: Record<string, string>; state: string }[] };
    };
    expect(alerts.data.alerts.filter((alert) => alert.state === 'firing')).toEqual([]);
  });
});
