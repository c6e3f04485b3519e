import { Injectable } from '@nestjs/common';
import { DataSource, In, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { NOTIFICATIONS_PAGE_SIZE, NotificationType } from '@jibs/domain';
import { enqueue } from '@jibs/events';
import { NotificationEntity } from './notification.entity';
import { NotificationStream } from './notification-stream';

export const EVENT_SOURCE = 'jibs/notifications';

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
}

@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stream: NotificationStream,
  ) {}

  /** Stores a notification, publishes `notification.created` and announces it live, atomically. */
  async create(manager: EntityManager, input: NewNotification): Promise<NotificationEntity> {
    const notification = await manager.save(
      manager.create(NotificationEntity, { ...input, read: false }),
    );
    await enqueue(
      manager,
      'notification.created',
      {
        notificationId: notification.id,
        userId: input.userId,
        title: input.title,
        type: input.type,
      },
      { source: EVENT_SOURCE, subject: input.userId },
    );
    await this.stream.announce(manager, notification);
    return notification;
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
