export * from './env-schemas';
export * from './load-config';
