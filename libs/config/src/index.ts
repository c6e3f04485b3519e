export * from './env-schema-shape';
export * from './env-schemas';
export * from './load-config';
export * from './secrets';
export * from './maven-distribution';
export * from './local-port';
export * from './scratch-dir';
