import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface DataSourceConfig {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Name recorded in pg_stat_activity, so an operator sees who holds a connection. */
  applicationName?: string;
  poolSize?: number;
}

/** Schemas change through migrations only: `synchronize` is never on. */
export function dataSourceOptions(config: DataSourceConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.url,
    entities: config.entities,
    migrations: config.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    // gen_random_uuid() is built into Postgres 13+; no extension to install.
    uuidExtension: 'pgcrypto',
    migrationsRun: false,
    // Failed queries surface as errors to the caller, who logs them without their parameters
    // (TypeORM's own logging would print them, password hashes included).
    logging: false,
    applicationName: config.applicationName,
    // One connection stays open while idle: the occasional query of an idle service (a
    // heartbeat, a backlog report) reuses it instead of a new backend and authentication.
    extra: { max: config.poolSize ?? 10, min: 1 },
  };
}

// Any fixed number: replicas of one service starting together migrate one at a time.
const MIGRATION_LOCK = 724_118_301;

/** Connects and applies pending migrations; throws (the service must not start) on failure. */
export function openDataSource(config: DataSourceConfig): Promise<DataSource> {
  return initializeAndMigrate(new DataSource(dataSourceOptions(config)));
}

/**
 * Connects a new DataSource and applies its pending migrations, one replica at a time (an
 * advisory lock). On failure the connections are closed and the error thrown.
 */
export async function initializeAndMigrate(dataSource: DataSource): Promise<DataSource> {
  await dataSource.initialize();
  try {
    await migrate(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

async function migrate(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * The SQL that would bring the database in line with the entities after all migrations ran.
 * Empty when migrations and entities agree; tests and the migration generator use it.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return log.upQueries.map((query) => query.query);
}
