import type { ReadinessCheck } from '@jibs/observability';

/**
 * The gateway's own readiness: it can serve its own work once it holds the composed schema.
 * Subgraphs are deliberately not checked: one subgraph down must not take the whole site out of
 * the load balancer; its fields answer SERVICE_UNAVAILABLE instead (subgraph-unavailable.ts).
 */
export function gatewayReadiness(schemaLoaded: () => boolean): ReadinessCheck[] {
  return [
    {
      name: 'schema',
      check: async () => {
        if (!schemaLoaded()) throw new Error('the supergraph is not loaded yet');
      },
    },
  ];
}
