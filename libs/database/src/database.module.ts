import { DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openDataSource, type DataSourceConfig } from './data-source';

/** Provides one migrated TypeORM DataSource to a service. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  static forRoot(config: () => DataSourceConfig): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DataSource, useFactory: () => openDataSource(config()) }],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
