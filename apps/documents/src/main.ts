import { startTracing } from '@jibs/observability';

// First: the service's modules load pg and http after this, so the instrumentations hook them.
startTracing('documents');

void Promise.all([import('@jibs/subgraph'), import('./documents.module.js')]).then(
  ([{ runService }, { documentsService }]) => runService(documentsService),
);
