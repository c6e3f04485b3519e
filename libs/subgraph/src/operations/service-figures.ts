import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from 'prom-client';

/** Counter totals the rates are taken from. */
export interface Totals {
  requests: number;
  errors: number;
  handled: number;
  published: number;
}

const WINDOW_MS = 5 * 60_000;

/**
 * Per-minute rates from the process's own counters, with no timer: each reading is kept for
 * five minutes, and a rate is taken against the oldest kept (or the process's start, when the
 * counters were all zero).
 */
export class RateWindow {
  private readonly samples: Array<{ at: number; totals: Totals }> = [];
  private readonly started = Date.now() - process.uptime() * 1000;

  rates(totals: Totals, now = Date.now()): { perMinute: Totals; windowSeconds: number } {
    while (this.samples.length > 1 && now - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
    const base = this.samples[0] ?? {
      at: this.started,
      totals: { requests: 0, errors: 0, handled: 0, published: 0 },
    };
    this.samples.push({ at: now, totals });
    const minutes = Math.max(now - base.at, 1_000) / 60_000;
    const per = (key: keyof Totals) =>
      Math.round(((totals[key] - base.totals[key]) / minutes) * 10) / 10;
    return {
      perMinute: {
        requests: per('requests'),
        errors: per('errors'),
        handled: per('handled'),
        published: per('published'),
      },
      windowSeconds: Math.round((now - base.at) / 1000),
    };
  }
}

/** Sums a metric's series (a histogram's `_count` series), those matching `where` only. */
export async function sumOf(
  registry: Registry,
  name: string,
  where: (labels: Record<string, string | number | undefined>) => boolean = () => true,
  seriesName = name,
): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values
    .filter((value) => ((value as { metricName?: string }).metricName ?? name) === seriesName)
    .filter((value) => where(value.labels))
    .reduce((sum, value) => sum + value.value, 0);
}

/** The counters the operations figures come from (libs/observability, libs/events). */
export async function readTotals(registry: Registry): Promise<{
  totals: Totals;
  failed: number;
  deadLettered: number;
}> {
  const graphqlCount = [
    'graphql_operation_duration_seconds',
    'graphql_operation_duration_seconds_count',
  ];
  const [requests, errors, handled, failed, deadLettered, published] = await Promise.all([
    sumOf(registry, graphqlCount[0]!, () => true, graphqlCount[1]),
    sumOf(registry, graphqlCount[0]!, (labels) => labels['outcome'] === 'error', graphqlCount[1]),
    sumOf(registry, 'events_handled_total', (labels) => labels['outcome'] === 'success'),
    sumOf(registry, 'events_handled_total', (labels) => labels['outcome'] === 'failure'),
    sumOf(registry, 'events_handled_total', (labels) => labels['outcome'] === 'dead_letter'),
    sumOf(registry, 'events_published_total'),
  ]);
  return { totals: { requests, errors, handled, published }, failed, deadLettered };
}

let version: string | undefined;

/** The release: the version of the package the process runs from. */
export function releaseVersion(): string {
  if (version === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
        version?: string;
      };
      version = pkg.version ?? 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}
