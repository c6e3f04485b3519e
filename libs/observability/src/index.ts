export * from './logger';
export * from './metrics';
export * from './operational-endpoints';
export * from './request-context';
export * from './exit-with-parent';
export * from './error-level';
export * from './process-logging';
