import 'reflect-metadata';
import { Global, Inject, Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import {
  createLogger,
  createMetrics,
  mountOperationalEndpoints,
  type Logger,
} from '@jibs/observability';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import { AfterEvents, OnEvent, type EventOf } from './event-handlers';
import { EventPublisher } from './event-publisher';
import { EventsModule } from './events.module';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

/** Every JSON line the service's logger writes. */
function capturedLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('request-id-test', 'info', sink), lines };
}

const LOGGER = 'TEST_LOGGER';

/** A consumer as services write one: the welcome, and the follow-up event it publishes. */
@Injectable()
class WelcomeConsumer {
  constructor(
    @Inject(EventPublisher) private readonly publisher: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent('user.registered', { group: 'request-id-welcome' })
  async welcome(event: EventOf<'user.registered'>, manager: EntityManager): Promise<void> {
    this.logger.info({ eventId: event.id }, 'welcome sent');
    await this.publisher.publish(
      manager,
      'diagnostics.ping',
      { sentAt: new Date().toISOString() },
      { subject: 'diagnostics' },
    );
  }

  /** After the commit, where notifications sends its mail and texts. */
  @AfterEvents('user.registered', { group: 'request-id-welcome' })
  async mail(events: EventOf<'user.registered'>[]): Promise<void> {
    for (const event of events) this.logger.info({ eventId: event.id }, 'welcome mail sent');
  }
}

/** The next hop (a notification of the welcome). */
@Injectable()
class NotificationConsumer {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  @OnEvent('diagnostics.ping', { group: 'request-id-notification' })
  async notify(event: EventOf<'diagnostics.ping'>): Promise<void> {
    this.logger.info({ eventId: event.id }, 'notification created');
  }
}

describe('a request id from HTTP to the consumer, its mail after the commit and the next hop', () => {
  const { logger, lines } = capturedLogger();
  let serviceDb: TestDatabase;
  let eventlog: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplicationContext;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    [serviceDb, eventlog] = await Promise.all([
      createTestDatabase('request_id_service'),
      createTestDatabase('request_id_eventlog'),
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

    @Global()
    @Module({
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [DataSource, LOGGER],
    })
    class TestInfraModule {}

    @Module({
      imports: [
        TestInfraModule,
        EventsModule.forRoot({
          source: 'jibs/test',
          broker: () => ({
            kind: 'postgres',
            eventlogUrl: eventlog.url,
            clientId: 'request-id',
            logger,
          }),
          relay: { pollIntervalMs: 50 },
        }),
      ],
      providers: [WelcomeConsumer, NotificationConsumer],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const publisher = app.get(EventPublisher);

    // The service's HTTP door, as every service mounts it: the request id is taken or made here.
    const http = express();
    mountOperationalEndpoints(http, { metrics: createMetrics('test'), logger, readiness: [] });
    http.post('/sign-up', (_req, res, next) => {
      const userId = randomUUID();
      dataSource
        .transaction((manager) =>
          publisher.publish(
            manager,
            'user.registered',
            { userId, email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'member' },
            { subject: userId },
          ),
        )
        .then((envelope) => {
          logger.info({ eventId: envelope.id }, 'signed up');
          res.json({ eventId: envelope.id });
        }, next);
    });
    server = createServer(http);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
    await dataSource?.destroy();
    await Promise.all([serviceDb?.drop(), eventlog?.drop()]);
  });

  const linesOf = (requestId: string) =>
    lines.filter((line) => line['requestId'] === requestId).map((line) => line['msg']);

  it.each([
    ['given by the caller', { 'x-request-id': 'req-from-the-gateway-0001' }],
    ['made at the door', {} as Record<string, string>],
  ])(
    'the id %s is on the HTTP line, the consumer line and the next hop line',
    async (_label, headers) => {
      const res = await fetch(`${url}/sign-up`, { method: 'POST', headers });
      expect(res.status).toBe(200);
      const requestId = res.headers.get('x-request-id')!;
      if (headers['x-request-id']) expect(requestId).toBe(headers['x-request-id']);
      const { eventId } = (await res.json()) as { eventId: string };

      const [stored] = await dataSource.query(`SELECT envelope FROM outbox WHERE id = $1`, [
        eventId,
      ]);
      expect(stored.envelope.requestid).toBe(requestId);
      await eventually(async () => linesOf(requestId).includes('notification created'), {
        message: 'the notification line with the request id',
      });
      await eventually(async () => linesOf(requestId).includes('welcome mail sent'), {
        message: 'the after-commit line with the request id',
      });
      // The mail after the commit and the next hop's consumer run in either order.
      expect(linesOf(requestId).slice(0, 2)).toEqual(['signed up', 'welcome sent']);
      expect(linesOf(requestId).slice(2).sort()).toEqual([
        'notification created',
        'welcome mail sent',
      ]);
      // The welcome line is the consumer's, for this event.
      const welcome = lines.find(
        (line) => line['msg'] === 'welcome sent' && line['eventId'] === eventId,
      );
      expect(welcome?.['requestId']).toBe(requestId);
    },
  );
});
