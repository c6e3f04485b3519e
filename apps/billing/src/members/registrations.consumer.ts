import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  EVENT_BROKER,
  idempotent,
  type EventBroker,
  type EventData,
  type Subscription,
} from '@jibs/events';
import { MembersService } from './members.service';

export const REGISTRATIONS_GROUP = 'billing.registrations';

/** Keeps the names and email billing needs for provider customers and receipts. */
@Injectable()
export class RegistrationsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.broker.subscribe({
      group: REGISTRATIONS_GROUP,
      topics: ['user.registered'],
      handle: idempotent(this.dataSource, REGISTRATIONS_GROUP, async (envelope, manager) => {
        await this.members.recordRegistered(manager, envelope.data as EventData<'user.registered'>);
      }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
