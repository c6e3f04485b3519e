import { startTracing } from '@jibs/observability';

// First: the service's modules load pg and http after this, so the instrumentations hook them.
startTracing('notifications');

void Promise.all([import('@jibs/subgraph'), import('./notifications.module.js')]).then(
  ([{ runService }, { notificationsService }]) => runService(notificationsService),
);
