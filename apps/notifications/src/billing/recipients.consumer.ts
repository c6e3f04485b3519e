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
import { ORGANISATION_ROW, OrganisationEntity } from './organisation.entity';
import { ReceiptsService } from './receipts.service';
import { RecipientEntity } from './recipient.entity';

export const RECIPIENTS_GROUP = 'notifications.recipients';

/**
 * Learns what receipts need from identity's events: each member's email address and first name
 * (`user.registered`) and the organisation's name (`settings.updated`). Receipts for payments
 * that completed before the member was known are sent once they are.
 */
@Injectable()
export class RecipientsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly receipts: ReceiptsService,
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const apply = idempotent(this.dataSource, RECIPIENTS_GROUP, async (envelope, manager) => {
      if (envelope.type === 'user.registered') {
        const data = envelope.data as EventData<'user.registered'>;
        await manager
          .getRepository(RecipientEntity)
          .upsert({ userId: data.userId, email: data.email, firstName: data.firstName }, [
            'userId',
          ]);
      } else if (envelope.type === 'settings.updated') {
        const { settings } = envelope.data as EventData<'settings.updated'>;
        const name = typeof settings['siteName'] === 'string' ? settings['siteName'].trim() : '';
        if (name) {
          await manager
            .getRepository(OrganisationEntity)
            .upsert({ id: ORGANISATION_ROW, name: name.slice(0, 100) }, ['id']);
        }
      }
    });
    this.subscription = await this.broker.subscribe({
      group: RECIPIENTS_GROUP,
      topics: ['user.registered', 'settings.updated'],
      handle: async (envelope) => {
        await apply(envelope);
        if (envelope.type === 'user.registered') {
          await this.receipts.sendPending((envelope.data as EventData<'user.registered'>).userId);
        }
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
