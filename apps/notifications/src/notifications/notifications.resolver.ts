import { Args, ID, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { z } from 'zod';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { DomainError } from '@jibs/domain';
import { withReplay } from './live-iterator';
import { NotificationModel } from './notification.model';
import { NotificationStream, type StreamedNotification } from './notification-stream';
import { NotificationsService } from './notifications.service';

const idsSchema = z
  .array(z.uuid('Each notification id must be a valid id'))
  .max(100, 'Mark at most 100 notifications at once');

@Resolver(() => NotificationModel)
export class NotificationsResolver {
  constructor(
    private readonly service: NotificationsService,
    private readonly stream: NotificationStream,
  ) {}

  @Authenticated()
  @Query(() => [NotificationModel], {
    description: "The signed-in user's latest notifications, newest first (20).",
  })
  async notifications(@CurrentUser() user: AuthUser): Promise<NotificationModel[]> {
    return (await this.service.latest(user.id)).map((row) => NotificationModel.from(row));
  }

  @Authenticated()
  @Query(() => Int, { description: "How many of the signed-in user's notifications are unread." })
  unreadNotificationCount(@CurrentUser() user: AuthUser): Promise<number> {
    return this.service.unreadCount(user.id);
  }

  @Authenticated()
  @Mutation(() => Int, {
    description: 'Marks the given notifications read, or all of them without ids.',
  })
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
    description:
      "Each new notification of the signed-in user, as it is created. With `since`, first those created since then (at most 20), so none is lost between a client's query and its subscription becoming live.",
    resolve: (payload: StreamedNotification) =>
      NotificationModel.from({ ...payload, createdAt: new Date(payload.createdAt) }),
  })
  notificationAdded(
    @CurrentUser() user: AuthUser,
    @Args('since', { type: () => Date, nullable: true }) since?: Date | null,
  ): AsyncIterableIterator<StreamedNotification> {
    // Listen first, then read what was missed: nothing falls between the two.
    const live = this.stream.forUser(user.id);
    if (!since) return live;
    const missed = this.service
      .createdSince(user.id, since)
      .then((rows) => rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
    return withReplay<StreamedNotification>(missed, live, (notification) => notification.id);
  }
}
