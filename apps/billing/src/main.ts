import { startTracing } from '@jibs/observability';

// First: the service's modules load pg and http after this, so the instrumentations hook them.
startTracing('billing');

void Promise.all([import('@jibs/subgraph'), import('./billing.module.js')]).then(
  ([{ runService }, { billingService }]) => runService(billingService),
);
