import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@jibs/database';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { MemberEntity, NamedMemberEntity } from './member.entity';
import { MemberNames1795752067142, MembersReadModel1795752067141 } from './members.migrations';

/** Runs the read model's migrations after `before` and says what the entity still lacks. */
async function migrate(
  url: string,
  entity: typeof MemberEntity | typeof NamedMemberEntity,
  before: string[] = [],
): Promise<{ dataSource: DataSource; missing: string[] }> {
  const dataSource = new DataSource(
    dataSourceOptions({
      url,
      entities: [entity],
      migrations:
        entity === NamedMemberEntity
          ? [MembersReadModel1795752067141, MemberNames1795752067142]
          : [MembersReadModel1795752067141],
    }),
  );
  await dataSource.initialize();
  for (const statement of before) await dataSource.query(statement);
  await dataSource.runMigrations();
  const log = await dataSource.driver.createSchemaBuilder().log();
  return { dataSource, missing: log.upQueries.map((query) => query.query) };
}

describe('the members read model migrations (real Postgres)', () => {
  let database: TestDatabase;
  let dataSource: DataSource | undefined;

  beforeEach(async () => {
    database = await createTestDatabase('members');
  });

  afterEach(async () => {
    await dataSource?.destroy();
    dataSource = undefined;
    await database.drop();
  });

  it("give a new service exactly its entity's table, without names", async () => {
    const result = await migrate(database.url, MemberEntity);
    dataSource = result.dataSource;
    expect(result.missing).toEqual([]);
  });

  it("give a new service exactly its entity's table, with names", async () => {
    const result = await migrate(database.url, NamedMemberEntity);
    dataSource = result.dataSource;
    expect(result.missing).toEqual([]);
  });

  it('leave a table a service made itself as it was, adding only what is missing', async () => {
    // memorials' own migrations made names without named_at, and members already live there.
    const userId = '6f1c1a52-3f7e-4c58-9a39-8a1c8e1f0b11';
    const result = await migrate(database.url, NamedMemberEntity, [
      'CREATE TABLE "members" ("user_id" uuid NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "registration_paid" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_da404b5fd9c390e25338996e2d1" PRIMARY KEY ("user_id"))',
      `INSERT INTO members (user_id, first_name, last_name, registration_paid) VALUES ('${userId}', 'Ada', 'Lovelace', true)`,
    ]);
    dataSource = result.dataSource;
    expect(result.missing).toEqual([]);
    const rows = (await dataSource.query(
      'SELECT first_name, last_name, registration_paid, named_at FROM members',
    )) as { first_name: string; registration_paid: boolean; named_at: Date }[];
    expect(rows).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        registration_paid: true,
        named_at: new Date(0),
      },
    ]);
  });
});
