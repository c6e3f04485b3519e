import { Client } from 'pg';
import {
  Column,
  Entity,
  PrimaryGeneratedColumn,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';
import { createTestDatabase, databaseUrl, testServerUrl } from '@jibs/testing';
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
});
