import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { DomainError, Role } from '@jibs/domain';
import { MembershipStatus, PaymentStatus } from '../billing-enums';
import { MembersService } from '../membership/members.service';
import { FeeSettingsService } from '../settings/fee-settings.service';
import { PaymentsService } from '../payments/payments.service';
import {
  CheckoutSessionModel,
  CheckoutStatusModel,
  DashboardSummaryModel,
  FlaggedPaymentModel,
  MembershipModel,
  MembershipSubscriptionModel,
  PaymentModel,
} from './billing.models';
import type { CheckoutEntity } from './checkout.entity';
import { CheckoutService } from './checkout.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

const session = (checkout: CheckoutEntity): CheckoutSessionModel =>
  Object.assign(new CheckoutSessionModel(), {
    id: checkout.providerSessionId ?? checkout.id,
    url: checkout.url!,
  });

const FLAGGED_LIMIT_MESSAGE = 'Choose a limit from 1 to 500';

/** Membership, payments and checkouts of the signed-in member (own rows only). */
@Resolver()
export class BillingResolver {
  constructor(
    private readonly members: MembersService,
    private readonly checkouts: CheckoutService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly settings: FeeSettingsService,
  ) {}

  @Authenticated()
  @Query(() => MembershipModel, { description: 'Signed in: own.' })
  async myMembership(@CurrentUser() user: AuthUser): Promise<MembershipModel> {
    const member = await this.members.find(user.id);
    return Object.assign(new MembershipModel(), {
      status: member?.membershipStatus ?? MembershipStatus.PENDING,
      registrationFeePaid: member?.registrationFeePaid ?? false,
      missedPayments: member?.missedPayments ?? 0,
    });
  }

  @Authenticated()
  @Query(() => [PaymentModel])
  async myPayments(@CurrentUser() user: AuthUser): Promise<PaymentModel[]> {
    return (await this.payments.list(user.id)).map((row) => PaymentModel.from(row));
  }

  @Roles(Role.ADMIN)
  @Query(() => [FlaggedPaymentModel], {
    description:
      'Admins only: payments the provider took that billing did not count (a stale or repeated checkout, a second subscription, a removed member), with the reason and the refund.',
  })
  async flaggedPayments(
    @Args('limit', { type: () => Int, nullable: true, description: '1 to 500; 100 when omitted.' })
    limit?: number | null,
  ): Promise<FlaggedPaymentModel[]> {
    const take = limit ?? 100;
    if (!Number.isInteger(take) || take < 1 || take > 500)
      throw DomainError.badInput({ limit: FLAGGED_LIMIT_MESSAGE });
    return (await this.payments.flagged(take)).map((row) => FlaggedPaymentModel.from(row));
  }

  @Authenticated()
  @Query(() => MembershipSubscriptionModel, { nullable: true })
  async mySubscription(@CurrentUser() user: AuthUser): Promise<MembershipSubscriptionModel | null> {
    const row = await this.subscriptions.subscription(user.id);
    return row ? MembershipSubscriptionModel.from(row) : null;
  }

  @Authenticated()
  @Query(() => DashboardSummaryModel)
  async dashboardSummary(@CurrentUser() user: AuthUser): Promise<DashboardSummaryModel> {
    const [total, settings, member] = await Promise.all([
      this.payments.completedTotal(user.id),
      this.settings.current(),
      this.members.find(user.id),
    ]);
    return Object.assign(new DashboardSummaryModel(), {
      totalPayments: total,
      monthlyDues: settings.monthlyDues,
      membershipStatus: member?.membershipStatus ?? MembershipStatus.PENDING,
    });
  }

  @Authenticated()
  @Query(() => CheckoutStatusModel)
  async checkoutStatus(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<CheckoutStatusModel> {
    const checkout = await this.checkouts.status(user.id, id);
    return Object.assign(new CheckoutStatusModel(), {
      id: checkout.providerSessionId ?? checkout.id,
      kind: checkout.kind,
      state: checkout.state,
    });
  }

  @Authenticated()
  @Mutation(() => CheckoutSessionModel)
  async startRegistrationCheckout(@CurrentUser() user: AuthUser): Promise<CheckoutSessionModel> {
    return session(await this.checkouts.startRegistration(user.id));
  }

  @Authenticated()
  @Mutation(() => CheckoutSessionModel)
  async startSubscriptionCheckout(@CurrentUser() user: AuthUser): Promise<CheckoutSessionModel> {
    return session(await this.checkouts.startSubscription(user.id));
  }

  @Authenticated()
  @Mutation(() => CheckoutSessionModel)
  async startHouseholdMemberCheckout(
    @CurrentUser() user: AuthUser,
    @Args('memberId', { type: () => ID }) memberId: string,
  ): Promise<CheckoutSessionModel> {
    return session(await this.checkouts.startHouseholdMember(user.id, memberId));
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
