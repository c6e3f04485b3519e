export * from './local-stack';
export * from './service-process';
export * from './ports';
export * from './service-registry';
export * from './test-events';
export * from './restart-policy';
export * from './test-stack';
