import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { DomainError, Role } from '@jibs/domain';
import { FlaggedPaymentModel, PaymentModel } from './payment.model';
import { PaymentsService } from './payments.service';

const FLAGGED_LIMIT_MESSAGE = 'Choose a limit from 1 to 500';

/** The signed-in member's payments; the payments not counted, for admins. */
@Resolver()
export class PaymentsResolver {
  constructor(private readonly payments: PaymentsService) {}

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
}
