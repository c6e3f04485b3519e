import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { MarkPayoutPaidInput, ProposePayoutInput } from './dto/payout.inputs';
import { ClaimModel, MyPayoutModel, PayoutModel } from './payout.models';
import { PayoutsService } from './payouts.service';

/** Burial-assistance payouts: admins propose, approve and mark paid; families see theirs. */
@Resolver()
export class PayoutsResolver {
  constructor(private readonly payouts: PayoutsService) {}

  @Roles(Role.ADMIN)
  @Query(() => [ClaimModel], {
    description: "Admins only: approved reports' claims (newest first) with what payouts cover.",
  })
  async assistanceClaims(): Promise<ClaimModel[]> {
    return (await this.payouts.claims()).map(({ claim, payouts }) =>
      ClaimModel.from(claim, payouts),
    );
  }

  @Roles(Role.ADMIN)
  @Query(() => [PayoutModel], {
    description: "Admins only: payouts, newest first; `status` 'proposed', 'approved' or 'paid'.",
  })
  async assistancePayouts(
    @Args('status', { type: () => String, nullable: true }) status?: string | null,
  ): Promise<PayoutModel[]> {
    return (await this.payouts.list(status)).map((row) => PayoutModel.from(row));
  }

  @Authenticated()
  @Query(() => [MyPayoutModel], {
    description: "The signed-in member's payouts for their own reports, newest first.",
  })
  async myAssistancePayouts(@CurrentUser() user: AuthUser): Promise<MyPayoutModel[]> {
    return (await this.payouts.listFor(user.id)).map((row) => MyPayoutModel.from(row));
  }

  @Roles(Role.ADMIN)
  @Mutation(() => PayoutModel, {
    description:
      'Admins only: proposes a payout for an approved claim, within its invoices (per line too) and the coverage limit per death. Above the approval threshold a different admin must approve it.',
  })
  async proposePayout(
    @CurrentUser() admin: AuthUser,
    @Args('input') input: ProposePayoutInput,
  ): Promise<PayoutModel> {
    return PayoutModel.from(await this.payouts.propose(admin.id, input));
  }

  @Roles(Role.ADMIN)
  @Mutation(() => PayoutModel, {
    description:
      'Admins only: the second approval of a payout above the threshold, by an admin who did not propose it. Of two at once, one wins (CONFLICT for the other).',
  })
  async approvePayout(
    @CurrentUser() admin: AuthUser,
    @Args('payoutId', { type: () => ID }) payoutId: string,
  ): Promise<PayoutModel> {
    return PayoutModel.from(await this.payouts.approve(admin.id, payoutId));
  }

  @Roles(Role.ADMIN)
  @Mutation(() => PayoutModel, {
    description:
      "Admins only: records that the treasurer paid it (date and reference); the fund's ledger gets the money going out. Of two at once, one wins.",
  })
  async markPayoutPaid(
    @CurrentUser() admin: AuthUser,
    @Args('input') input: MarkPayoutPaidInput,
  ): Promise<PayoutModel> {
    return PayoutModel.from(await this.payouts.markPaid(admin.id, input));
  }
}
