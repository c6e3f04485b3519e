import type { EntityManager } from 'typeorm';
import type { EventPublisher } from '@jibs/events';
import type { SubscriptionEntity } from './subscription.entity';

/** What a member is told about when it changes: the status and a cancellation at period end. */
export type SubscriptionTransitionState = Pick<SubscriptionEntity, 'status' | 'cancelAtPeriodEnd'>;

/**
 * Publishes `subscription.updated` for the member's subscription row as just saved, with the
 * state it replaced (null: the member had none). Every change of the row publishes through here
 * (a provider's fact, a placeholder until its facts arrive, the member's cancellation), so
 * `previous` is always the state the member's last event reported: consumers see the transition
 * without keeping the state themselves.
 */
export async function publishSubscriptionUpdated(
  events: EventPublisher,
  manager: EntityManager,
  row: SubscriptionEntity,
  previous: SubscriptionTransitionState | null,
): Promise<void> {
  await events.publish(
    manager,
    'subscription.updated',
    {
      userId: row.userId,
      status: row.status,
      monthlyAmount: row.monthlyAmount,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      previous: previous && {
        status: previous.status,
        cancelAtPeriodEnd: previous.cancelAtPeriodEnd,
      },
    },
    { subject: row.userId },
  );
}
