import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EVENT_BROKER,
  idempotent,
  type EventBroker,
  type EventData,
  type EventEnvelope,
  type Subscription,
} from '@jibs/events';
import { NotificationsService } from '../notifications/notifications.service';
import {
  householdMemberAddedText,
  membershipStatusText,
  paymentCompletedText,
  paymentFailedText,
  subscriptionUpdatedText,
  type NotificationText,
} from './billing-messages';
import { ReceiptsService } from './receipts.service';
import { SubscriptionStateEntity } from './subscription-state.entity';

export const BILLING_GROUP = 'notifications.billing';

export const BILLING_TOPICS = [
  'payment.completed',
  'payment.failed',
  'subscription.updated',
  'membership.status_changed',
  'household.member_added',
] as const;

/**
 * Turns billing's events into the member's notifications, once per event however often it is
 * delivered (the inbox), and emails a receipt for each completed payment after the
 * notification's transaction has committed.
 */
@Injectable()
export class BillingConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly receipts: ReceiptsService,
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const apply = idempotent(this.dataSource, BILLING_GROUP, (envelope, manager) =>
      this.apply(envelope, manager),
    );
    this.subscription = await this.broker.subscribe({
      group: BILLING_GROUP,
      topics: [...BILLING_TOPICS],
      handle: async (envelope) => {
        await apply(envelope);
        // After the commit, and on every delivery: a receipt whose send failed (or whose
        // previous delivery crashed before sending) is retried; a sent one is not resent.
        if (envelope.type === 'payment.completed') {
          const data = envelope.data as EventData<'payment.completed'>;
          await this.receipts.sendPending(data.userId, data.paymentId);
        }
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  private async apply(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
    const text = await this.textFor(envelope, manager);
    if (!text) return;
    const { userId } = envelope.data as { userId: string };
    await this.notifications.create(manager, { userId, ...text });
  }

  private async textFor(
    envelope: EventEnvelope,
    manager: EntityManager,
  ): Promise<NotificationText | null> {
    switch (envelope.type) {
      case 'payment.completed': {
        const data = envelope.data as EventData<'payment.completed'>;
        await this.receipts.record(manager, data, new Date(envelope.time));
        return paymentCompletedText(data);
      }
      case 'payment.failed':
        return paymentFailedText(envelope.data as EventData<'payment.failed'>);
      case 'subscription.updated':
        return this.subscriptionTransition(
          manager,
          envelope.data as EventData<'subscription.updated'>,
        );
      case 'membership.status_changed':
        return membershipStatusText(envelope.data as EventData<'membership.status_changed'>);
      case 'household.member_added':
        return householdMemberAddedText(envelope.data as EventData<'household.member_added'>);
      default:
        return null;
    }
  }

  /** Compares with the member's last known state (locked), stores the new one. */
  private async subscriptionTransition(
    manager: EntityManager,
    data: EventData<'subscription.updated'>,
  ): Promise<NotificationText | null> {
    const repository = manager.getRepository(SubscriptionStateEntity);
    const previous = await repository.findOne({
      where: { userId: data.userId },
      lock: { mode: 'pessimistic_write' },
    });
    await repository.upsert(
      { userId: data.userId, status: data.status, cancelAtPeriodEnd: data.cancelAtPeriodEnd },
      ['userId'],
    );
    return subscriptionUpdatedText(previous, data);
  }
}
