import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions, initializeAndMigrate, type DataSourceConfig } from './data-source';

/**
 * Provides one migrated TypeORM DataSource to a service, through `@nestjs/typeorm`: it makes
 * `DataSource` and `EntityManager` injectable everywhere and destroys the DataSource when the
 * app shuts down. Schemas change through migrations only: `dataSourceOptions` turns
 * `synchronize` and `migrationsRun` off, and the DataSource is handed over only after
 * `initializeAndMigrate` applied the pending migrations under the advisory lock (so replicas
 * migrate one at a time, which TypeORM's own `migrationsRun` does not do).
 */
@Module({})
export class DatabaseModule {
  static forRoot(config: () => DataSourceConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: (): TypeOrmModuleOptions => ({
            ...dataSourceOptions(config()),
            // A failed connection or migration stops the start at once, as it always did: no
            // retry loop that keeps an unready replica up for half a minute; the orchestrator
            // restarts it, and a test sees the error.
            toRetry: () => false,
          }),
          dataSourceFactory: (options) =>
            initializeAndMigrate(new DataSource(withoutModuleOptions(options))),
        }),
      ],
    };
  }
}

/** The DataSource's own options, without the ones only `@nestjs/typeorm` reads. */
function withoutModuleOptions(options: DataSourceOptions | undefined): DataSourceOptions {
  if (!options) throw new Error('DatabaseModule: no DataSource options');
  const {
    retryAttempts: _attempts,
    retryDelay: _delay,
    toRetry: _toRetry,
    autoLoadEntities: _auto,
    verboseRetryLog: _verbose,
    manualInitialization: _manual,
    ...dataSource
  } = options as TypeOrmModuleOptions;
  return dataSource as DataSourceOptions;
}
