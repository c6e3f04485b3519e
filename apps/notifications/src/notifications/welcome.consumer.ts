import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Messages, NotificationType, welcomeMessage } from '@jibs/domain';
import {
  EVENT_BROKER,
  idempotent,
  type EventBroker,
  type EventData,
  type Subscription,
} from '@jibs/events';
import { NotificationsService } from './notifications.service';

export const WELCOME_GROUP = 'notifications.welcome';

/** Greets each new member with a notification, once per registration however often delivered. */
@Injectable()
export class WelcomeConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.broker.subscribe({
      group: WELCOME_GROUP,
      topics: ['user.registered'],
      handle: idempotent(this.dataSource, WELCOME_GROUP, async (envelope, manager) => {
        const data = envelope.data as EventData<'user.registered'>;
        await this.notifications.create(manager, {
          userId: data.userId,
          title: Messages.welcomeTitle,
          message: welcomeMessage(data.firstName),
          type: NotificationType.SUCCESS,
        });
      }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
