import { startTracing } from '@jibs/observability';

// First: the service's modules load pg and http after this, so the instrumentations hook them.
startTracing('identity');

void Promise.all([import('@jibs/subgraph'), import('./identity.module.js')]).then(
  ([{ runService }, { identityService }]) => runService(identityService),
);
