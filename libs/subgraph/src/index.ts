export * from './bootstrap';
export * from './format-error';
export * from './graphql-http';
export * from './metrics-plugin';
export * from './subgraph-context';
export * from './subgraph-graphql.module';
export * from './gateway-credential';
export * from './gateway-socket';
export * from './service-field-rule';
export * from './refused-requests';
export * from './request-text';
export * from './define-service';
export * from './run-service';
export * from './service-descriptor';
export {
  TEST_EVENTS_PATH,
  TEST_EVENTS_PER_REQUEST,
  TEST_ROUTES,
  withTestRoutes,
} from './test-routes';
export * from './audit/audit-entry.entity';
export * from './audit/record-audit';
export * from './diagnostics/diagnostic-check';
export * from './diagnostics/diagnostics-route';
export * from './diagnostics/event-round-trip';
export * from './export';
export * from './rows-by-user-loader';
export * from './members';
export * from './operations/operations.resolver';
export * from './date-time-scalar';
