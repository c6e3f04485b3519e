import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@jibs/events';
import type { SubscriptionChangedFact } from '../provider/provider-facts';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { publishSubscriptionUpdated } from '../subscriptions/subscription-updated';
import type { ApplyContext } from './apply-context';
import { subscriptionChange } from './subscription.mapping';

/** The provider's subscription states (created, updated, ended), newest wins. */
@Injectable()
export class SubscriptionApplier {
  constructor(private readonly events: EventPublisher) {}

  async changed(context: ApplyContext, fact: SubscriptionChangedFact): Promise<void> {
    const { manager, member } = context;
    const stored = await manager.findOne(SubscriptionEntity, {
      where: { userId: member.userId },
      lock: { mode: 'pessimistic_write' },
    });
    const decision = subscriptionChange(fact, stored, context.created);
    if (decision.action === 'ignore') return;
    if (decision.action === 'cancel-other') {
      context.followUps.push({
        kind: 'cancel-subscription',
        subscriptionId: decision.subscriptionId,
      });
      return;
    }
    const row = await manager.save(SubscriptionEntity, {
      userId: member.userId,
      ...decision.state,
    });
    member.subscriptionEnded = decision.ended;
    await publishSubscriptionUpdated(this.events, manager, row, stored);
  }
}
