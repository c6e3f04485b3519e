export * from './test-database';
export * from './fake-identity';
export * from './factories';
export * from './subgraph';
export * from './export-test-kit';
export * from './invisible-names';
