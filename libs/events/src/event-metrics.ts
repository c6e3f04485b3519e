import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The event bus on /metrics. Registering twice on one registry reuses the existing metrics, so
 * a broker, a relay and a module in one process can each hold an EventMetrics.
 */
export class EventMetrics {
  /** Outbox rows not yet handed to the broker (this service's database). */
  readonly outboxBacklog: Gauge;
  /** Seconds the oldest of them has waited (0 when none waits): the relay's delay. */
  readonly outboxOldestAge: Gauge;
  /** Events published but not yet committed by the group, summed over partitions. */
  readonly consumerLag: Gauge<'group' | 'topic'>;
  readonly deadLetters: Counter<'topic' | 'group'>;
  readonly published: Counter<'topic'>;
  /** One count per handler try: `success`, `failure` (will retry) or `dead_letter`. */
  readonly handled: Counter<'topic' | 'group' | 'outcome'>;
  /** From the event's creation (envelope time) to its handler's success: the end-to-end delay. */
  readonly deliveryLatency: Histogram<'topic' | 'group'>;

  constructor(registry: Registry) {
    this.outboxBacklog = reuse(
      registry,
      'events_outbox_backlog',
      () =>
        new Gauge({
          name: 'events_outbox_backlog',
          help: 'Outbox rows waiting to be published',
          registers: [registry],
        }),
    );
    this.outboxOldestAge = reuse(
      registry,
      'events_outbox_oldest_age_seconds',
      () =>
        new Gauge({
          name: 'events_outbox_oldest_age_seconds',
          help: 'Seconds the oldest unpublished outbox row has waited (0 when none)',
          registers: [registry],
        }),
    );
    this.consumerLag = reuse(
      registry,
      'events_consumer_lag',
      () =>
        new Gauge({
          name: 'events_consumer_lag',
          help: 'Events published but not yet handled by the consumer group',
          labelNames: ['group', 'topic'] as const,
          registers: [registry],
        }),
    );
    this.deadLetters = reuse(
      registry,
      'events_dead_letters_total',
      () =>
        new Counter({
          name: 'events_dead_letters_total',
          help: 'Events moved to the dead-letter topic after their last failed try',
          labelNames: ['topic', 'group'] as const,
          registers: [registry],
        }),
    );
    this.published = reuse(
      registry,
      'events_published_total',
      () =>
        new Counter({
          name: 'events_published_total',
          help: 'Events appended to the broker',
          labelNames: ['topic'] as const,
          registers: [registry],
        }),
    );
    this.handled = reuse(
      registry,
      'events_handled_total',
      () =>
        new Counter({
          name: 'events_handled_total',
          help: 'Handler tries by outcome (success, failure, dead_letter; twin: another version of the event was handled instead)',
          labelNames: ['topic', 'group', 'outcome'] as const,
          registers: [registry],
        }),
    );
    this.deliveryLatency = reuse(
      registry,
      'events_delivery_seconds',
      () =>
        new Histogram({
          name: 'events_delivery_seconds',
          help: 'Seconds from an event being created to its handler succeeding',
          labelNames: ['topic', 'group'] as const,
          buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
          registers: [registry],
        }),
    );
  }
}

/**
 * Each series of a consumer group's topics, at zero from the moment it subscribes: a counter
 * that only appears with its first dead letter cannot be told apart from a consumer that does
 * not report, and `increase()` misses that first one.
 */
export function trackSubscription(
  metrics: EventMetrics | undefined,
  group: string,
  topics: readonly string[],
): void {
  if (!metrics) return;
  for (const topic of topics) {
    for (const outcome of ['success', 'failure', 'dead_letter'])
      metrics.handled.inc({ topic, group, outcome }, 0);
    metrics.deadLetters.inc({ topic, group }, 0);
    metrics.deliveryLatency.zero({ topic, group });
  }
}

function reuse<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}
