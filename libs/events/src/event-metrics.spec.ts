import { Registry } from 'prom-client';
import { EventMetrics, trackSubscription } from './event-metrics';

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
      'events_outbox_oldest_age_seconds',
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

  it("shows a subscription's series at zero before its first event", async () => {
    const registry = new Registry();
    const metrics = new EventMetrics(registry);
    trackSubscription(metrics, 'g', ['a.b']);
    const text = await registry.metrics();
    expect(text).toContain('events_dead_letters_total{topic="a.b",group="g"} 0');
    for (const outcome of ['success', 'failure', 'dead_letter'])
      expect(text).toContain(`events_handled_total{topic="a.b",group="g",outcome="${outcome}"} 0`);
    expect(text).toContain('events_delivery_seconds_count{topic="a.b",group="g"} 0');
    // A later dead letter counts from there.
    metrics.deadLetters.inc({ topic: 'a.b', group: 'g' });
    expect(await registry.metrics()).toContain(
      'events_dead_letters_total{topic="a.b",group="g"} 1',
    );
  });
});
