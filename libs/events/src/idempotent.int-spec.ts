import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import { buildEnvelope } from './event-envelope';
import { idempotent } from './idempotent';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

describe('idempotent', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('idempotent');
    dataSource = new DataSource({
      type: 'postgres',
      url: db.url,
      entities: [OutboxEntity, InboxEntity],
      migrations: eventMigrations,
      logging: false,
      extra: { max: 10 },
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    await dataSource.query('CREATE TABLE effects (event_id uuid NOT NULL, group_id text NOT NULL)');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const event = () => {
    const userId = randomUUID();
    return buildEnvelope(
      'user.registered',
      { userId, email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'member' },
      { source: 'jibs/identity', subject: userId },
    );
  };

  const effects = async (id: string): Promise<string[]> =>
    (await dataSource.query('SELECT group_id FROM effects WHERE event_id = $1', [id])).map(
      (row: { group_id: string }) => row.group_id,
    );

  const recordEffect = (group: string) =>
    idempotent(dataSource, group, async (envelope, manager) => {
      await manager.query('INSERT INTO effects (event_id, group_id) VALUES ($1, $2)', [
        envelope.id,
        group,
      ]);
    });

  it('applies the effect once per group however often the event comes', async () => {
    const envelope = event();
    const welcome = recordEffect('welcome');
    const audit = recordEffect('audit');
    await welcome(envelope);
    await welcome(envelope);
    await audit(envelope);
    expect((await effects(envelope.id)).sort()).toEqual(['audit', 'welcome']);
  });

  it('applies it once when copies arrive at the same moment', async () => {
    const envelope = event();
    const handle = recordEffect('concurrent');
    await Promise.all(Array.from({ length: 6 }, () => handle(envelope)));
    expect(await effects(envelope.id)).toEqual(['concurrent']);
  });

  it('forgets an event whose effect failed, so the retry applies it', async () => {
    const envelope = event();
    let fail = true;
    const handle = idempotent(dataSource, 'flaky', async (e, manager) => {
      await manager.query('INSERT INTO effects (event_id, group_id) VALUES ($1, $2)', [
        e.id,
        'flaky',
      ]);
      if (fail) throw new Error('downstream failed');
    });
    await expect(handle(envelope)).rejects.toThrow('downstream failed');
    expect(await effects(envelope.id)).toEqual([]);
    fail = false;
    await handle(envelope);
    expect(await effects(envelope.id)).toEqual(['flaky']);
  });
});
