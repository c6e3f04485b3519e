import type { ApolloServerPlugin } from '@apollo/server';
import type { ServiceMetrics } from '@jibs/observability';

/** Records each operation's latency and outcome in the service's histogram. */
export function metricsPlugin(metrics: ServiceMetrics): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operationName, operation, errors }) {
          metrics.graphqlDuration.observe(
            {
              operation: operationName ?? 'anonymous',
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
