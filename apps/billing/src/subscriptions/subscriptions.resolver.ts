import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { PaymentStatus } from '../billing-enums';
import { PaymentModel } from '../payments/payment.model';
import { MembershipSubscriptionModel } from './membership-subscription.model';
import { SubscriptionsService } from './subscriptions.service';

/** The signed-in member's dues subscription (own rows only). */
@Resolver()
export class SubscriptionsResolver {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Authenticated()
  @Query(() => MembershipSubscriptionModel, { nullable: true })
  async mySubscription(@CurrentUser() user: AuthUser): Promise<MembershipSubscriptionModel | null> {
    const row = await this.subscriptions.subscription(user.id);
    return row ? MembershipSubscriptionModel.from(row) : null;
  }

  @Authenticated()
  @Mutation(() => MembershipSubscriptionModel, { description: 'Ends at the current period end.' })
  async cancelSubscription(@CurrentUser() user: AuthUser): Promise<MembershipSubscriptionModel> {
    return MembershipSubscriptionModel.from(await this.subscriptions.cancelSubscription(user.id));
  }

  @Authenticated()
  @Mutation(() => String, {
    description: "Stripe's Customer Portal (update the card); the sandbox returns its own page.",
  })
  openBillingPortal(@CurrentUser() user: AuthUser): Promise<string> {
    return this.subscriptions.portal(user.id);
  }

  @Authenticated()
  @Mutation(() => PaymentModel, {
    description:
      "Local sandbox only (refused otherwise): runs the member's next monthly renewal as paid or failed.",
  })
  async sandboxRunRenewal(
    @CurrentUser() user: AuthUser,
    @Args('outcome', { type: () => PaymentStatus }) outcome: PaymentStatus,
  ): Promise<PaymentModel> {
    return PaymentModel.from(await this.subscriptions.sandboxRenewal(user.id, outcome));
  }
}
