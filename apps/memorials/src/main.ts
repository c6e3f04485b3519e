import { startTracing } from '@jibs/observability';

// First: the service's modules load pg and http after this, so the instrumentations hook them.
startTracing('memorials');

void Promise.all([import('@jibs/subgraph'), import('./memorials.module.js')]).then(
  ([{ runService }, { memorialsService }]) => runService(memorialsService),
);
