import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { NOTIFICATIONS_PAGE_SIZE, NotificationType } from '@jibs/domain';
import { NotificationEntity } from './notification.entity';
import { NotificationStream } from './notification-stream';

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
}

interface RawNotification {
  id: string;
  user_id: string;
  title: string;
  message: string;
  type: NotificationType;
  read: boolean;
  created_at: Date;
}

@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stream: NotificationStream,
  ) {}

  /** Stores a notification and announces it live (once committed), atomically. */
  async create(manager: EntityManager, input: NewNotification): Promise<NotificationEntity> {
    const [notification] = await this.createMany(manager, [input]);
    return notification;
  }

  /**
   * Several notifications at once, in two statements whatever their number: stored and announced
   * live (the bell's one path: NOTIFY in the storing transaction, so only committed ones are
   * pushed), atomically with the caller's transaction.
   */
  async createMany(
    manager: EntityManager,
    inputs: readonly NewNotification[],
  ): Promise<NotificationEntity[]> {
    if (inputs.length === 0) return [];
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationEntity)
      .values(
        inputs.map(({ userId, title, message, type }) => ({
          userId,
          title,
          message,
          type,
          read: false,
          // Per row, not the transaction's start: a batch's notifications keep their order.
          createdAt: () => 'clock_timestamp()',
        })),
      )
      .returning('*')
      .execute();
    const notifications = (result.raw as RawNotification[]).map((row) =>
      manager.create(NotificationEntity, {
        id: row.id,
        userId: row.user_id,
        title: row.title,
        message: row.message,
        type: row.type,
        read: row.read,
        createdAt: row.created_at,
      }),
    );
    await this.stream.announceAll(manager, notifications);
    return notifications;
  }

  /** The user's latest notifications, newest first. */
  async latest(userId: string): Promise<NotificationEntity[]> {
    return this.dataSource.getRepository(NotificationEntity).find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: NOTIFICATIONS_PAGE_SIZE,
    });
  }

  /** The user's notifications created at or after `since` (at most a page), oldest first. */
  async createdSince(userId: string, since: Date): Promise<NotificationEntity[]> {
    const rows = await this.dataSource.getRepository(NotificationEntity).find({
      where: { userId, createdAt: MoreThanOrEqual(since) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: NOTIFICATIONS_PAGE_SIZE,
    });
    return rows.reverse();
  }

  async unreadCount(userId: string): Promise<number> {
    return this.dataSource
      .getRepository(NotificationEntity)
      .count({ where: { userId, read: false } });
  }

  /**
   * Marks the user's own notifications read: the listed ones, or all when no list is given.
   * Ids of other users' notifications match nothing. Returns how many changed.
   */
  async markRead(userId: string, ids?: readonly string[] | null): Promise<number> {
    const where = ids ? { userId, read: false, id: In([...ids]) } : { userId, read: false };
    if (ids && ids.length === 0) return 0;
    const result = await this.dataSource
      .getRepository(NotificationEntity)
      .update(where, { read: true });
    return result.affected ?? 0;
  }
}
