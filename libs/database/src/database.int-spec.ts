import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import {
  Column,
  DataSource,
  Entity,
  EntityManager,
  PrimaryGeneratedColumn,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';
import { createTestDatabase, databaseUrl, eventually, testServerUrl } from '@jibs/testing';
import { DatabaseModule } from './database.module';
import { ensureDatabase } from './ensure-database';
import { openDataSource, pendingSchemaChanges } from './data-source';

@Entity({ name: 'widgets' })
class WidgetEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 50 }) name!: string;
}

class CreateWidgets1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "widgets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(50) NOT NULL, CONSTRAINT "PK_widgets" PRIMARY KEY ("id"))`,
    );
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "widgets"`);
  }
}

class BrokenMigration1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "no_such_table" ADD COLUMN "x" int`);
  }
  async down(): Promise<void> {}
}

@Injectable()
class Widgets {
  constructor(
    readonly dataSource: DataSource,
    readonly manager: EntityManager,
  ) {}
}

/** A service's module with the database, as defineService assembles it. */
function appWith(url: string, migrations: MigrationInterface['constructor'][]) {
  @Module({
    imports: [
      DatabaseModule.forRoot(() => ({
        url,
        entities: [WidgetEntity],
        migrations: migrations as never,
        applicationName: 'database-module-spec',
      })),
    ],
    providers: [Widgets],
  })
  class AppModule {}
  return NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
}

/**
 * Waits until no backend of `name` is left: a closed client's backend leaves pg_stat_activity a
 * moment after the client is told the connection is closed. Fails after 3 s.
 */
const noConnectionsLeft = (dataSource: DataSource, name: string) =>
  eventually(async () => (await connectionsOf(dataSource, name)) === 0, {
    timeoutMs: 3_000,
    message: `no connection of ${name} left`,
  });

const connectionsOf = async (dataSource: DataSource, name: string) =>
  (
    await dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`,
      [name],
    )
  )[0].n as number;

describe('database', () => {
  it('creates a missing database once and leaves an existing one alone', async () => {
    const name = `ensure_${Date.now()}`;
    const url = databaseUrl(testServerUrl(), name);
    await ensureDatabase(url);
    await ensureDatabase(url);
    const client = new Client({ connectionString: url });
    await client.connect();
    expect((await client.query('SELECT current_database() AS db')).rows[0].db).toBe(name);
    await client.end();
  });

  it('refuses a database name that is not a plain identifier', async () => {
    await expect(ensureDatabase(databaseUrl(testServerUrl(), 'x";DROP'))).rejects.toThrow(
      'Refusing',
    );
  });

  it('applies migrations on open and reports entity drift', async () => {
    const db = await createTestDatabase('ds');
    const dataSource = await openDataSource({
      url: db.url,
      entities: [WidgetEntity],
      migrations: [CreateWidgets1700000000000],
    });
    try {
      expect(await dataSource.query('SELECT count(*)::int AS n FROM widgets')).toEqual([{ n: 0 }]);
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
      await dataSource.query('ALTER TABLE widgets DROP COLUMN name');
      expect((await pendingSchemaChanges(dataSource)).join(' ')).toContain('"name"');
    } finally {
      await dataSource.destroy();
      await db.drop();
    }
  });

  describe('DatabaseModule (@nestjs/typeorm)', () => {
    it('gives the service one migrated DataSource and its EntityManager, and closes it with the app', async () => {
      const db = await createTestDatabase('dm');
      const observer = await openDataSource({ url: db.url, entities: [], migrations: [] });
      try {
        const app = await appWith(db.url, [CreateWidgets1700000000000]);
        const { dataSource, manager } = app.get(Widgets);
        expect(dataSource).toBe(app.get(DataSource));
        expect(dataSource.isInitialized).toBe(true);
        expect(manager).toBe(dataSource.manager);
        // Migrations ran before the service got it; never synchronize.
        expect(dataSource.options).toMatchObject({ synchronize: false, migrationsRun: false });
        await manager.save(manager.create(WidgetEntity, { name: 'first' }));
        expect(await dataSource.query('SELECT name FROM widgets')).toEqual([{ name: 'first' }]);
        expect(await observer.query(`SELECT name FROM migrations ORDER BY id`)).toEqual([
          { name: 'CreateWidgets1700000000000' },
        ]);
        expect(await connectionsOf(observer, 'database-module-spec')).toBeGreaterThan(0);

        await app.close();
        expect(dataSource.isInitialized).toBe(false);
        await noConnectionsLeft(observer, 'database-module-spec');
      } finally {
        await observer.destroy();
        await db.drop();
      }
    });

    it('adds no table a migration does not make (no synchronize)', async () => {
      const db = await createTestDatabase('dm');
      try {
        const app = await appWith(db.url, []);
        const dataSource = app.get(DataSource);
        expect(
          await dataSource.query(`SELECT count(*)::int AS n FROM information_schema.tables
            WHERE table_schema = 'public' AND table_name = 'widgets'`),
        ).toEqual([{ n: 0 }]);
        expect((await pendingSchemaChanges(dataSource)).join(' ')).toContain('"widgets"');
        await app.close();
      } finally {
        await db.drop();
      }
    });

    it('refuses to start, at once and without leftover connections, when a migration fails', async () => {
      const db = await createTestDatabase('dm');
      const observer = await openDataSource({ url: db.url, entities: [], migrations: [] });
      try {
        const started = Date.now();
        await expect(
          appWith(db.url, [CreateWidgets1700000000000, BrokenMigration1700000000001]),
        ).rejects.toThrow(/no_such_table/);
        // No retry loop (@nestjs/typeorm's default retries for half a minute).
        expect(Date.now() - started).toBeLessThan(2_500);
        await noConnectionsLeft(observer, 'database-module-spec');
        // Each migration in its own transaction: the good one stays, the broken one left nothing.
        expect(await observer.query(`SELECT name FROM migrations`)).toEqual([
          { name: 'CreateWidgets1700000000000' },
        ]);
      } finally {
        await observer.destroy();
        await db.drop();
      }
    });
  });
});
