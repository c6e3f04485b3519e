import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  graphqlDuration: Histogram<'operation' | 'type' | 'outcome'>;
}

/** A Prometheus registry with process metrics and the HTTP/GraphQL latency histograms. */
export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // The event-loop lag histogram samples on a timer: every 10 ms by default, 100 wake-ups a
  // second of an idle process. Once a second still shows a stalled loop.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1_000 });
  const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency',
      labelNames: ['method', 'route', 'status'],
      buckets,
      registers: [registry],
    }),
    graphqlDuration: new Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operation latency',
      labelNames: ['operation', 'type', 'outcome'],
      buckets,
      registers: [registry],
    }),
  };
}
