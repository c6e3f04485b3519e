import { Args, ID, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { z } from 'zod';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { DomainError } from '@jibs/domain';
import { NotificationModel } from './notification.model';
import { NotificationStream, type StreamedNotification } from './notification-stream';
import { NotificationsService } from './notifications.service';

const idsSchema = z.array(z.uuid('Each notification id must be a valid id')).max(100, 'Mark at most 100 notifications at once');

@Resolver(() => NotificationModel)
export class NotificationsResolver {
  constructor(
    private readonly service: NotificationsService,
    private readonly stream: NotificationStream,
  ) {}

  @Authenticated()
  @Query(() => [NotificationModel], { description: "The signed-in user's latest notifications, newest first (20)." })
  async notifications(@CurrentUser() user: AuthUser): Promise<NotificationModel[]> {
    return (await this.service.latest(user.id)).map((row) => NotificationModel.from(row));
  }

  @Authenticated()
  @Query(() => Int, { description: "How many of the signed-in user's notifications are unread." })
  unreadNotificationCount(@CurrentUser() user: AuthUser): Promise<number> {
    return this.service.unreadCount(user.id);
  }

  @Authenticated()
  @Mutation(() => Int, { description: 'Marks the given notifications read, or all of them without ids.' })
  async markNotificationsRead(
    @CurrentUser() user: AuthUser,
    @Args('ids', { type: () => [ID], nullable: true }) ids?: string[] | null,
  ): Promise<number> {
    if (ids) {
      const parsed = idsSchema.safeParse(ids);
      if (!parsed.success) throw DomainError.badInput({ ids: parsed.error.issues[0]!.message });
    }
    return this.service.markRead(user.id, ids);
  }

  @Authenticated()
  @Subscription(() => NotificationModel, {
    description: "Each new notification of the signed-in user, as it is created.",
    resolve: (payload: StreamedNotification) => NotificationModel.from({ ...payload, createdAt: new Date(payload.createdAt) }),
  })
  notificationAdded(@CurrentUser() user: AuthUser): AsyncIterableIterator<StreamedNotification> {
    return this.stream.forUser(user.id);
  }
}
