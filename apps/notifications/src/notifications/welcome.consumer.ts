import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Messages, NotificationType, welcomeMessage } from '@jibs/domain';
import { OnEvents, type EventOf } from '@jibs/events';
import { NotificationsService } from './notifications.service';

export const WELCOME_GROUP = 'notifications.welcome';

/** Greets each new member with a notification, once per registration however often delivered. */
@Injectable()
export class WelcomeConsumer {
  constructor(private readonly notifications: NotificationsService) {}

  @OnEvents('user.registered', { group: WELCOME_GROUP, batch: true })
  async welcome(events: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
    await this.notifications.createMany(
      manager,
      events.map((event) => ({
        userId: event.data.userId,
        title: Messages.welcomeTitle,
        message: welcomeMessage(event.data.firstName),
        type: NotificationType.SUCCESS,
      })),
    );
  }
}
