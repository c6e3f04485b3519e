import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { kustomizeBuild } from './kustomize-build';
import { SERVICE_NAMES } from './service-env';

/**
 * The alert rules, with Prometheus's own tool: `promtool` (Debian's prometheus package, which
 * .ci/run installs). They load, the compose Prometheus config that names them is valid, and
 * each alert's unit tests (alerts.test.yml) pass: firing on its failure, quiet on a healthy
 * service. Whether the metrics they read exist is checked on a running stack
 * (apps/e2e/src/observability.e2e-spec.ts).
 */
const ROOT = join(__dirname, '..', '..', '..');
const DIR = join(ROOT, 'tools/deploy/prometheus');

interface Rule {
  alert?: string;
  expr: string;
}
interface AlertTest {
  alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[];
}

const rules = (
  parse(readFileSync(join(DIR, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);
const tests = (
  parse(readFileSync(join(DIR, 'alerts.test.yml'), 'utf8')) as { tests: AlertTest[] }
).tests.flatMap((test) => test.alert_rule_test ?? []);

function promtool(...args: string[]): string {
  try {
    return execFileSync('promtool', args, { cwd: DIR, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const {
      code,
      stdout = '',
      stderr = '',
    } = error as NodeJS.ErrnoException & {
      stdout?: string;
      stderr?: string;
    };
    if (code === 'ENOENT')
      throw new Error('promtool is not installed: apt-get install prometheus (.ci/run does)');
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

describe('the Prometheus alert rules (tools/deploy/prometheus/alerts.yml)', () => {
  it('load, with the compose Prometheus config that names them', () => {
    expect(promtool('check', 'config', 'prometheus.yml')).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('pass their unit tests (promtool test rules)', () => {
    expect(promtool('test', 'rules', 'alerts.test.yml')).toMatch(/SUCCESS/);
  });

  it('cover service down, 5xx and GraphQL errors, p99, lag, dead letters, outbox, webhooks, receipts', () => {
    expect(rules.map((rule) => rule.alert)).toEqual([
      'ServiceDown',
      'Http5xxRateHigh',
      'GraphqlErrorRateHigh',
      'LatencyP99OverBudget',
      'ConsumerLagGrowing',
      'DeadLetter',
      'OutboxStuck',
      'WebhookSignatureFailures',
      'ReceiptsNotSent',
    ]);
  });

  it.each(rules.map((rule) => rule.alert as string))('%s is tested firing and quiet', (alert) => {
    const own = tests.filter((test) => test.alertname === alert);
    expect(own.some((test) => (test.exp_alerts ?? []).length > 0)).toBe(true);
    expect(own.some((test) => (test.exp_alerts ?? []).length === 0)).toBe(true);
  });

  it('ship to the Prometheus operator as the same rules, with a PodMonitor for every pod', () => {
    const objects = kustomizeBuild(join(ROOT, 'k8s/monitoring'));
    const rule = objects.find((object) => object.kind === 'PrometheusRule');
    expect((rule?.['spec'] as { groups: unknown }).groups).toEqual(
      (parse(readFileSync(join(DIR, 'alerts.yml'), 'utf8')) as { groups: unknown }).groups,
    );
    const monitor = objects.find((object) => object.kind === 'PodMonitor');
    const selector = (monitor?.['spec'] as { selector: { matchLabels: Record<string, string> } })
      .selector.matchLabels;
    // Every service's pods carry the selected labels and the port it scrapes.
    const deployments = kustomizeBuild(join(ROOT, 'k8s/overlays/production')).filter(
      (object) => object.kind === 'Deployment',
    );
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const deployment of deployments) {
      const template = (
        deployment['spec'] as {
          template: {
            metadata: { labels: Record<string, string> };
            spec: { containers: { ports?: { name?: string }[] }[] };
          };
        }
      ).template;
      expect(template.metadata.labels).toMatchObject(selector);
      expect(template.spec.containers[0]?.ports?.map((port) => port.name)).toContain('metrics');
    }
  });
});
