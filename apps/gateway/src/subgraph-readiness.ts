import type { ReadinessCheck } from '@jibs/observability';
import type { SubgraphEndpoint } from './subgraph-endpoints';

/** The gateway is ready when every subgraph says it is (`<origin>/health/ready` answers 200). */
export function subgraphReadiness(subgraphs: readonly SubgraphEndpoint[]): ReadinessCheck[] {
  return subgraphs.map(({ name, url }) => ({
    name,
    check: async () => {
      const response = await fetch(new URL('/health/ready', url), {
        signal: AbortSignal.timeout(1_500),
      });
      // Drain the body so the connection goes back to the pool.
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
    },
  }));
}
