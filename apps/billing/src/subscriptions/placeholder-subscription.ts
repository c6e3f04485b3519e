import type { EntityManager } from 'typeorm';
import type { SubscriptionStatus } from '@jibs/domain';
import type { EventPublisher } from '@jibs/events';
import { SubscriptionEntity } from './subscription.entity';
import { publishSubscriptionUpdated } from './subscription-updated';

/**
 * The member's subscription as a placeholder until its own facts arrive: they always win (its
 * state is of no provider time, rank -1). A row already there is kept; a new one is the
 * member's subscription changing from none, published as such.
 */
export async function ensureSubscription(
  events: EventPublisher,
  manager: EntityManager,
  userId: string,
  providerSubscriptionId: string,
  monthlyAmount: number,
  status: SubscriptionStatus,
): Promise<void> {
  const inserted = await manager
    .createQueryBuilder()
    .insert()
    .into(SubscriptionEntity)
    .values({
      userId,
      providerSubscriptionId,
      status,
      monthlyAmount,
      stateAt: '0',
      stateRank: -1,
    })
    .orIgnore()
    .returning(['userId'])
    .execute();
  if (!(inserted.raw as unknown[]).length) return;
  const row = await manager.findOneByOrFail(SubscriptionEntity, { userId });
  await publishSubscriptionUpdated(events, manager, row, null);
}
