import type { EntityManager } from 'typeorm';
import type { SubscriptionStatus } from '@jibs/domain';
import { SubscriptionEntity } from './subscription.entity';

/**
 * The member's subscription as a placeholder until its own facts arrive: they always win (its
 * state is of no provider time, rank -1). A row already there is kept.
 */
export async function ensureSubscription(
  manager: EntityManager,
  userId: string,
  providerSubscriptionId: string,
  monthlyAmount: number,
  status: SubscriptionStatus,
): Promise<void> {
  await manager
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
    .execute();
}
