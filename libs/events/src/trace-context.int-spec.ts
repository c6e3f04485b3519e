import 'reflect-metadata';
import { Global, Inject, Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { DataSource, type EntityManager } from 'typeorm';
import { startTracing, type Tracing } from '@jibs/observability';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { eventMigrations } from './event-tables';
import { OnEvent, OnEvents, type EventOf } from './event-handlers';
import { EventPublisher } from './event-publisher';
import { EventsModule } from './events.module';
import { InboxEntity } from './inbox.entity';
import { OutboxEntity } from './outbox.entity';

/** Keeps every span it is given. */
class CollectingExporter implements SpanExporter {
  readonly spans: ReadableSpan[] = [];
  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.spans.push(...spans);
    done({ code: 0 });
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** The welcome (one event at a time), and the follow-up event it publishes. */
@Injectable()
class WelcomeConsumer {
  constructor(@Inject(EventPublisher) private readonly publisher: EventPublisher) {}

  @OnEvent('user.registered', { group: 'trace-welcome' })
  async welcome(_event: EventOf<'user.registered'>, manager: EntityManager): Promise<void> {
    await manager.query('SELECT 1');
    await this.publisher.publish(
      manager,
      'diagnostics.ping',
      { sentAt: new Date().toISOString() },
      { subject: 'diagnostics' },
    );
  }
}

/** A batch consumer of the next hop. */
@Injectable()
class PingConsumer {
  @OnEvents('diagnostics.ping', { group: 'trace-ping', batch: true })
  async pinged(_events: EventOf<'diagnostics.ping'>[]): Promise<void> {}
}

const SPAN_ID = /^00-([\da-f]{32})-([\da-f]{16})-01$/;

describe('the trace context from the outbox to the consumer (Postgres bus)', () => {
  const exporter = new CollectingExporter();
  let tracing: Tracing;
  let serviceDb: TestDatabase;
  let eventlog: TestDatabase;
  let dataSource: DataSource;
  let app: INestApplicationContext;
  let publisher: EventPublisher;

  beforeAll(async () => {
    tracing = startTracing('trace-test', { OTEL_TRACES_EXPORTER: 'otlp' }, exporter)!;
    [serviceDb, eventlog] = await Promise.all([
      createTestDatabase('trace_context_service'),
      createTestDatabase('trace_context_eventlog'),
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
      providers: [{ provide: DataSource, useValue: dataSource }],
      exports: [DataSource],
    })
    class TestInfraModule {}

    @Module({
      imports: [
        TestInfraModule,
        EventsModule.forRoot({
          source: 'jibs/test',
          broker: () => ({ kind: 'postgres', eventlogUrl: eventlog.url, clientId: 'trace' }),
          relay: { pollIntervalMs: 50 },
        }),
      ],
      providers: [WelcomeConsumer, PingConsumer],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    publisher = app.get(EventPublisher);
  });

  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await Promise.all([serviceDb?.drop(), eventlog?.drop()]);
    await tracing?.shutdown();
  });

  const signUp = () => {
    const userId = randomUUID();
    return dataSource.transaction((manager) =>
      publisher.publish(
        manager,
        'user.registered',
        { userId, email: 'a@example.com', firstName: 'A', lastName: 'B', role: 'member' },
        { subject: userId },
      ),
    );
  };

  const spansOf = (traceId: string) =>
    exporter.spans.filter((span) => span.spanContext().traceId === traceId);
  const find = (traceId: string, name: string, kind: SpanKind) =>
    spansOf(traceId).find((span) => span.name === name && span.kind === kind);

  it("writes the request's trace into the envelope; the consumers, two hops on, continue it", async () => {
    const { envelope, requestSpan } = await trace
      .getTracer('test')
      .startActiveSpan('POST /graphql', { kind: SpanKind.SERVER }, async (span) => {
        try {
          return { envelope: await signUp(), requestSpan: span.spanContext() };
        } finally {
          span.end();
        }
      });
    const [stored] = await dataSource.query(`SELECT envelope FROM outbox WHERE id = $1`, [
      envelope.id,
    ]);
    const [, traceId, parentId] = SPAN_ID.exec(stored.envelope.traceparent) ?? [];
    expect(traceId).toBe(requestSpan.traceId);

    await eventually(
      async () => {
        await tracing.flush();
        return find(traceId!, 'process diagnostics.ping', SpanKind.CONSUMER);
      },
      { message: "the next hop's consumer span in the request's trace" },
    );
    const producer = find(traceId!, 'send user.registered', SpanKind.PRODUCER)!;
    expect(producer.spanContext().spanId).toBe(parentId);
    expect(producer.parentSpanContext?.spanId).toBe(requestSpan.spanId);
    const welcome = find(traceId!, 'process user.registered', SpanKind.CONSUMER)!;
    expect(welcome.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(welcome.attributes).toMatchObject({
      'messaging.destination.name': 'user.registered',
      'messaging.consumer.group.name': 'trace-welcome',
      'messaging.message.id': envelope.id,
    });
    const next = find(traceId!, 'send diagnostics.ping', SpanKind.PRODUCER)!;
    expect(next.parentSpanContext?.spanId).toBe(welcome.spanContext().spanId);
    const ping = find(traceId!, 'process diagnostics.ping', SpanKind.CONSUMER)!;
    expect(ping.parentSpanContext?.spanId).toBe(next.spanContext().spanId);
    expect(ping.attributes['messaging.consumer.group.name']).toBe('trace-ping');
  });

  it('starts a trace at the outbox for an event published outside any request', async () => {
    const envelope = await signUp();
    const [, traceId] = SPAN_ID.exec(envelope.traceparent ?? '') ?? [];
    expect(traceId).toBeDefined();
    await eventually(
      async () => {
        await tracing.flush();
        return find(traceId!, 'process user.registered', SpanKind.CONSUMER);
      },
      { message: "the consumer's span in the outbox's trace" },
    );
    expect(find(traceId!, 'send user.registered', SpanKind.PRODUCER)!.parentSpanContext).toBe(
      undefined,
    );
  });
});
