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
import { FeeSettingsService } from './fee-settings.service';

export const SETTINGS_GROUP = 'billing.settings';

/** Keeps billing's copy of the fees in step with the admin's settings. */
@Injectable()
export class SettingsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: FeeSettingsService,
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.broker.subscribe({
      group: SETTINGS_GROUP,
      topics: ['settings.updated'],
      handle: idempotent(this.dataSource, SETTINGS_GROUP, async (envelope, manager) => {
        const data = envelope.data as EventData<'settings.updated'>;
        await this.settings.apply(manager, data.settings, new Date(envelope.time));
      }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
