export * from './data-source';
export * from './database.module';
export * from './embedded-server';
export * from './ensure-database';
export * from './unique-violation';
export * from './database-unavailable';
