export * from './test-database';
export * from './fake-identity';
