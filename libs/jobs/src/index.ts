export * from './job-decorators';
export * from './jobs';
export * from './jobs.module';
