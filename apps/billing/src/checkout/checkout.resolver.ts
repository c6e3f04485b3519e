import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import type { CheckoutEntity } from './checkout.entity';
import { CheckoutSessionModel, CheckoutStatusModel } from './checkout.models';
import { CheckoutService } from './checkout.service';

const session = (checkout: CheckoutEntity): CheckoutSessionModel =>
  Object.assign(new CheckoutSessionModel(), {
    id: checkout.providerSessionId ?? checkout.id,
    url: checkout.url!,
  });

/** Checkouts of the signed-in member, at amounts billing computed (own rows only). */
@Resolver()
export class CheckoutResolver {
  constructor(private readonly checkouts: CheckoutService) {}

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
}
