import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DEFAULT_LANGUAGE, NotificationType } from '@jibs/domain';
import { OnEvents, type EventOf } from '@jibs/events';
import { t } from '@jibs/i18n';
import { NotificationsService } from './notifications.service';

export const WELCOME_GROUP = 'notifications.welcome';

/**
 * Greets each new member with a notification, once per registration however often delivered,
 * in the language they signed up in (libs/domain's `Messages.welcomeTitle` and `welcomeMessage`).
 */
@Injectable()
export class WelcomeConsumer {
  constructor(private readonly notifications: NotificationsService) {}

  @OnEvents('user.registered', { group: WELCOME_GROUP, batch: true })
  async welcome(events: EventOf<'user.registered'>[], manager: EntityManager): Promise<void> {
    await this.notifications.createMany(
      manager,
      events.map(({ data }) => {
        const language = data.language ?? DEFAULT_LANGUAGE;
        return {
          userId: data.userId,
          title: t(language, 'Messages', 'welcomeTitle'),
          message: t(language, 'MessageFunctions', 'welcomeMessage', { firstName: data.firstName }),
          type: NotificationType.SUCCESS,
        };
      }),
    );
  }
}
