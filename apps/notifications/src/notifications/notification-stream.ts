import { EventEmitter, on } from 'node:events';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { LOGGER, type Logger } from '@jibs/observability';
import { mapIterator } from './live-iterator';
import type { NotificationEntity } from './notification.entity';

const CHANNEL = 'notification_added';

/**
 * For set-based writers (INSERT ... SELECT ... RETURNING): the same announcement as
 * `announceAll`, as an SQL expression over a returned notifications row `alias`. Run in the
 * storing transaction, so only committed notifications are pushed.
 */
export const announceRowSql = (alias: string) =>
  `pg_notify('${CHANNEL}', json_build_object('id', ${alias}.id, 'userId', ${alias}.user_id, 'title', ${alias}.title, 'message', ${alias}.message, 'type', ${alias}.type, 'read', ${alias}.read, 'createdAt', to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)`;

export interface StreamedNotification {
  id: string;
  userId: string;
  title: string;
  message: string;
  type: NotificationEntity['type'];
  read: boolean;
  createdAt: string;
}

/**
 * Live notifications for open subscriptions. A new notification is announced with NOTIFY in
 * the transaction that stores it, so it is pushed only once committed, and every instance of
 * the service (each LISTENing) can serve its own subscribers.
 */
@Injectable()
export class NotificationStream implements OnModuleInit, OnApplicationShutdown {
  private readonly emitter = new EventEmitter();
  private listener?: Client;
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.emitter.emit('close');
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * Inside the storing transaction, one statement for several (one NOTIFY each, in order):
   * delivered to subscribers when it commits.
   */
  async announceAll(
    manager: EntityManager,
    notifications: readonly NotificationEntity[],
  ): Promise<void> {
    if (notifications.length === 0) return;
    const payloads = notifications.map((notification) =>
      JSON.stringify({
        id: notification.id,
        userId: notification.userId,
        title: notification.title,
        message: notification.message,
        type: notification.type,
        read: notification.read,
        createdAt: new Date(notification.createdAt).toISOString(),
      } satisfies StreamedNotification),
    );
    await manager.query(
      'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY n',
      [CHANNEL, payloads],
    );
  }

  /** Only this user's notifications, until the subscriber goes away. */
  forUser(userId: string, signal?: AbortSignal): AsyncIterableIterator<StreamedNotification> {
    const events = on(this.emitter, `user:${userId}`, { signal, close: ['close'] });
    return mapIterator(events, ([notification]) => notification as StreamedNotification);
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    const client = new Client({
      connectionString: options.url,
      application_name: 'notifications-stream',
    });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const notification = JSON.parse(message.payload) as StreamedNotification;
        this.emitter.emit(`user:${notification.userId}`, notification);
      } catch (error) {
        this.logger.warn({ err: error }, 'ignored a malformed notification announcement');
      }
    });
    client.on('error', (error) => {
      this.logger.error({ err: error }, 'notification stream connection lost; reconnecting');
      void client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), 1_000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }
}
