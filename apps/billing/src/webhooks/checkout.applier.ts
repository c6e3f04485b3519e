import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CheckoutKind, CheckoutState, MemberFeeStatus, SubscriptionStatus } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { CheckoutEntity } from '../checkout/checkout.entity';
import { closeCheckout, householdSnapshot } from '../checkout/open-checkouts';
import { HouseholdMemberEntity } from '../household/household-member.entity';
import { PaymentRecorder } from '../payments/payment-recorder';
import type { CheckoutCompletedFact, CheckoutPaymentFailedFact } from '../provider/provider-facts';
import { ensureSubscription } from '../subscriptions/placeholder-subscription';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { flagForRefund, type ApplyContext } from './apply-context';
import { checkoutPayment, failedCheckoutPayment, type CompletionState } from './checkout.mapping';
import { isLive } from './subscription.mapping';

/** Checkouts the provider completed or declined. */
@Injectable()
export class CheckoutApplier {
  constructor(
    private readonly payments: PaymentRecorder,
    private readonly events: EventPublisher,
  ) {}

  async completed(context: ApplyContext, fact: CheckoutCompletedFact): Promise<void> {
    const { manager, member } = context;
    const checkout = await this.checkoutOf(manager, member.userId, fact);
    if (fact.member.customerId && !member.providerCustomerId)
      member.providerCustomerId = fact.member.customerId;
    if (fact.mode === 'subscription') {
      // The subscription's own facts decide (a second one is cancelled and refunded there).
      if (checkout) await closeCheckout(manager, checkout.id, CheckoutState.COMPLETED);
      if (fact.subscriptionId) {
        const current = await manager.findOneBy(SubscriptionEntity, { userId: member.userId });
        if (!isLive(current))
          await ensureSubscription(
            this.events,
            manager,
            member.userId,
            fact.subscriptionId,
            checkout?.amount ?? 0,
            SubscriptionStatus.INCOMPLETE,
          );
      }
      return;
    }
    // A redelivery of a payment already recorded (counted or flagged) changes nothing.
    if (await this.payments.known(manager, fact.paymentId)) return;
    const householdMember =
      checkout?.kind === CheckoutKind.HOUSEHOLD_MEMBER && checkout.householdMemberId
        ? await manager.findOneBy(HouseholdMemberEntity, {
            id: checkout.householdMemberId,
            userId: member.userId,
          })
        : null;
    const state: CompletionState = {
      checkout,
      registrationFeePaid: member.registrationFeePaid,
      householdSnapshot:
        checkout?.kind === CheckoutKind.REGISTRATION
          ? householdSnapshot(
              await manager.findBy(HouseholdMemberEntity, { userId: member.userId }),
            )
          : null,
      householdMember,
    };
    const result = checkoutPayment(member.userId, fact, state);
    if (checkout) await closeCheckout(manager, checkout.id, CheckoutState.COMPLETED);
    if (result.outcome === 'flag') {
      await flagForRefund(context, this.payments, result.payment);
      return;
    }
    if (householdMember && result.householdMemberPaid === householdMember.id) {
      householdMember.feeStatus = MemberFeeStatus.PAID;
      await manager.save(householdMember);
    }
    if (result.registrationPaid) member.registrationFeePaid = true;
    await this.payments.record(manager, result.payment);
  }

  async paymentFailed(context: ApplyContext, fact: CheckoutPaymentFailedFact): Promise<void> {
    const { manager, member } = context;
    const payment = failedCheckoutPayment(member.userId, fact, member.missedPayments);
    if (!payment) return;
    if (fact.checkoutId)
      await manager
        .createQueryBuilder()
        .update(CheckoutEntity)
        .set({ state: CheckoutState.FAILED })
        .where('id = :id AND user_id = :userId AND state = :open', {
          id: fact.checkoutId,
          userId: member.userId,
          open: CheckoutState.OPEN,
        })
        .execute();
    await this.payments.record(manager, payment);
  }

  /** By billing's own id (from the metadata), else by the provider's session. */
  private async checkoutOf(
    manager: EntityManager,
    userId: string,
    fact: CheckoutCompletedFact,
  ): Promise<CheckoutEntity | null> {
    if (fact.checkoutId) {
      const byId = await manager.findOneBy(CheckoutEntity, { id: fact.checkoutId, userId });
      if (byId) return byId;
    }
    return manager.findOneBy(CheckoutEntity, { providerSessionId: fact.sessionId, userId });
  }
}
