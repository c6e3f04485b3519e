import { Registry } from 'prom-client';
import { EventMetrics } from './event-metrics';

describe('EventMetrics', () => {
  it('exposes the event-bus metrics on the registry', async () => {
    const registry = new Registry();
    new EventMetrics(registry);
    const names = (await registry.getMetricsAsJSON()).map((metric) => metric.name).sort();
    expect(names).toEqual([
      'events_consumer_lag',
      'events_dead_letters_total',
      'events_delivery_seconds',
      'events_handled_total',
      'events_outbox_backlog',
      'events_published_total',
    ]);
  });

  it('shares the metrics when several parts of one service register them', async () => {
    const registry = new Registry();
    const a = new EventMetrics(registry);
    const b = new EventMetrics(registry);
    a.published.inc({ topic: 't' });
    b.published.inc({ topic: 't' });
    expect((await registry.getSingleMetric('events_published_total')?.get())?.values).toEqual([
      { labels: { topic: 't' }, value: 2 },
    ]);
  });
});
