export * from './identity-outbox';
export * from './local-stack';
export * from './service-process';
export * from './ports';
export * from './service-registry';
