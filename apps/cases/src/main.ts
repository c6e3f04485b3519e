import { startTracing } from '@jibs/observability';

// First: the service's modules load pg and http after this, so the instrumentations hook them.
startTracing('cases');

void Promise.all([import('@jibs/subgraph'), import('./cases.module.js')]).then(
  ([{ runService }, { casesService }]) => runService(casesService),
);
