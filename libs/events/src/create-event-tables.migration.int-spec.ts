import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { CreateEventTables1760000000000, OUTBOX_CHANNEL } from './create-event-tables.migration';
import { OutboxEventVersions1760000000001 } from './outbox-event-versions.migration';

// The tables as they are today; the notify-when-idle trigger has its own test.
const migrations = [CreateEventTables1760000000000, OutboxEventVersions1760000000001];
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

describe('the event tables migrations', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('events_migration');
    dataSource = new DataSource({
      type: 'postgres',
      url: db.url,
      entities: [OutboxEntity, InboxEntity],
      migrations,
      logging: false,
    });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('creates exactly what the entities declare', async () => {
    const log = await dataSource.driver.createSchemaBuilder().log();
    expect(log.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('notifies the relay channel when a transaction inserting into the outbox commits', async () => {
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    const notifications: string[] = [];
    listener.on('notification', (message) => notifications.push(message.channel));
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    try {
      const insert = (id: string) =>
        `INSERT INTO outbox (id, version, topic, key, envelope) VALUES ('${id}', 1, 't', 'k', '{}')`;
      await dataSource
        .transaction(async (manager) => {
          await manager.query(insert('6f1c7f0e-8a4b-4c5d-9e6f-0a1b2c3d4e5f'));
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await dataSource.query(insert('7f1c7f0e-8a4b-4c5d-9e6f-0a1b2c3d4e5f'));
      await eventually(async () => notifications.length > 0);
      expect(notifications).toEqual([OUTBOX_CHANNEL]);
      const rows = await dataSource.query('SELECT seq FROM outbox');
      expect(rows).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });

  it('keeps one event in each of its versions, and one row per version only', async () => {
    const id = '8f1c7f0e-8a4b-4c5d-9e6f-0a1b2c3d4e5f';
    const insert = (version: number) =>
      `INSERT INTO outbox (id, version, topic, key, envelope) VALUES ('${id}', ${version}, 't', 'k', '{}')`;
    await dataSource.query(insert(2));
    await dataSource.query(insert(1));
    await expect(dataSource.query(insert(1))).rejects.toThrow(/PK_outbox/);
  });

  it('reverts cleanly', async () => {
    for (let step = 0; step < migrations.length; step++) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
    const tables = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_name IN ('outbox', 'inbox')`,
    );
    expect(tables).toEqual([]);
    await dataSource.runMigrations({ transaction: 'each' });
  });
});
