import { Counter, Histogram, Registry } from 'prom-client';
import { RateWindow, readTotals } from './service-figures';

describe('RateWindow', () => {
  const totals = (requests: number, errors = 0) => ({ requests, errors, handled: 0, published: 0 });

  it('takes a rate against the oldest reading of the last 5 minutes', () => {
    const window = new RateWindow();
    const start = Date.now();
    window.rates(totals(0), start);
    const after = window.rates(totals(30, 3), start + 60_000);
    expect(after).toEqual({
      perMinute: { requests: 30, errors: 3, handled: 0, published: 0 },
      windowSeconds: 60,
    });
    // Six minutes on, the first reading has left the window; the one at +1 min is the base.
    const later = window.rates(totals(90, 3), start + 6 * 60_000);
    expect(later.windowSeconds).toBe(300);
    expect(later.perMinute.requests).toBe(12);
    expect(later.perMinute.errors).toBe(0);
  });
});

describe('readTotals', () => {
  it("sums the GraphQL histogram's counts by outcome and the event counters", async () => {
    const registry = new Registry();
    const graphql = new Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'h',
      labelNames: ['operation', 'type', 'outcome'],
      registers: [registry],
    });
    const handled = new Counter({
      name: 'events_handled_total',
      help: 'h',
      labelNames: ['topic', 'group', 'outcome'],
      registers: [registry],
    });
    const published = new Counter({
      name: 'events_published_total',
      help: 'h',
      labelNames: ['topic'],
      registers: [registry],
    });
    graphql.observe({ operation: 'A', type: 'query', outcome: 'ok' }, 0.01);
    graphql.observe({ operation: 'A', type: 'query', outcome: 'ok' }, 2);
    graphql.observe({ operation: 'B', type: 'mutation', outcome: 'error' }, 0.1);
    handled.inc({ topic: 't', group: 'g', outcome: 'success' }, 4);
    handled.inc({ topic: 't', group: 'g', outcome: 'failure' }, 2);
    handled.inc({ topic: 't', group: 'g', outcome: 'dead_letter' });
    published.inc({ topic: 't' }, 5);
    expect(await readTotals(registry)).toEqual({
      totals: { requests: 3, errors: 1, handled: 4, published: 5 },
      failed: 2,
      deadLettered: 1,
    });
  });
});
