import 'reflect-metadata';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import { enqueue } from './enqueue';
import type { EventBroker } from './event-broker';
import type { EventEnvelope } from './event-envelope';
import {
  EVENT_BROKER,
  EVENTS_OPTIONS,
  EventsModule,
  type EventsModuleOptions,
} from './events.module';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

describe('EventsModule', () => {
  let serviceDb: TestDatabase;
  let eventlog: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplicationContext;

  beforeAll(async () => {
    [serviceDb, eventlog] = await Promise.all([
      createTestDatabase('events_module_service'),
      createTestDatabase('events_module_eventlog'),
    ]);
    dataSource = new DataSource({
      type: 'postgres',
      url: serviceDb.url,
      entities: [OutboxEntity, InboxEntity],
      migrations: eventMigrations,
      logging: false,
    });
    await dataSource.initialize();
    await dataSource.runMigrations();

    // Stands in for DatabaseModule: the service provides DataSource globally.
    @Global()
    @Module({ providers: [{ provide: DataSource, useValue: dataSource }], exports: [DataSource] })
    class TestDatabaseModule {}

    @Module({
      imports: [
        TestDatabaseModule,
        EventsModule.forRoot({
          source: 'jibs/test',
          broker: () => ({
            kind: 'postgres',
            eventlogUrl: eventlog.url,
            clientId: 'events-module',
          }),
        }),
      ],
    })
    class AppModule {}

    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  });

  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await Promise.all([serviceDb?.drop(), eventlog?.drop()]);
  });

  /** Backends holding the relay's leadership lock in the service database. */
  async function relayLocks(): Promise<number> {
    const [row] = await dataSource.query(
      `SELECT count(*)::int AS held FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return row.held;
  }

  it('provides the broker and relays the outbox for the app lifetime', async () => {
    const broker = app.get<EventBroker>(EVENT_BROKER);
    expect(broker.kind).toBe('postgres');
    expect(app.get<EventsModuleOptions>(EVENTS_OPTIONS).source).toBe('jibs/test');
    await broker.health();

    const received: EventEnvelope[] = [];
    await broker.subscribe({
      group: 'events-module-test',
      topics: ['diagnostics.ping'],
      handle: async (envelope) => void received.push(envelope),
    });
    const sent = await dataSource.transaction((manager) =>
      enqueue(
        manager,
        'diagnostics.ping',
        { sentAt: new Date().toISOString() },
        {
          source: 'jibs/test',
          subject: 'site',
        },
      ),
    );
    await eventually(async () => received.some((envelope) => envelope.id === sent.id));
    expect(await relayLocks()).toBe(1);
  });

  it('stops the relay and closes the broker on shutdown, leaving the DataSource to its owner', async () => {
    const broker = app.get<EventBroker>(EVENT_BROKER);
    await app.close();
    await expect(
      broker.subscribe({ group: 'late', topics: ['x'], handle: async () => undefined }),
    ).rejects.toThrow('closed');
    expect(dataSource.isInitialized).toBe(true);
    // The relay's session ends as it stops; Postgres drops its lock with the session, a moment later.
    await eventually(async () => (await relayLocks()) === 0);
  });
});
