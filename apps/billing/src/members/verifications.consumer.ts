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

export const VERIFICATIONS_GROUP = 'billing.verifications';

/** Records that a member verified (registration step 2): only verified members can pay. */
@Injectable()
export class VerificationsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.broker.subscribe({
      group: VERIFICATIONS_GROUP,
      topics: ['user.verified'],
      handle: idempotent(this.dataSource, VERIFICATIONS_GROUP, async (envelope, manager) => {
        await this.members.recordVerified(manager, envelope.data as EventData<'user.verified'>);
      }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
