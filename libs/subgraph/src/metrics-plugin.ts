import type { ApolloServerPlugin } from '@apollo/server';
import type { ServiceMetrics } from '@jibs/observability';

/** Distinct operation names kept as labels; the rest are counted as 'other'. */
const MAX_OPERATION_LABELS = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * Records each operation's latency and outcome in the service's histogram. Operation names
 * come from clients (through the gateway's query plans), so the label set is capped.
 */
export function metricsPlugin(metrics: ServiceMetrics): ApolloServerPlugin {
  const seen = new Set<string>();
  const label = (name: string | null | undefined): string => {
    if (!name || !OPERATION_NAME.test(name)) return 'anonymous';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_LABELS) return 'other';
    seen.add(name);
    return name;
  };
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operationName, operation, errors }) {
          metrics.graphqlDuration.observe(
            {
              operation: operation ? label(operationName) : 'anonymous',
              type: operation?.operation ?? 'unknown',
              outcome: errors?.length ? 'error' : 'ok',
            },
            Number(process.hrtime.bigint() - started) / 1e9,
          );
        },
      };
    },
  };
}
