import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { RecordOfflinePaymentInput } from './dto/record-offline-payment.input';
import { AdminMemberBillingModel, AdminPaymentModel } from './offline-payments.models';
import { OfflinePaymentsService } from './offline-payments.service';

/** Admins: one member's billing, and payments received in person. */
@Resolver()
export class OfflinePaymentsResolver {
  constructor(private readonly offline: OfflinePaymentsService) {}

  @Roles(Role.ADMIN)
  @Query(() => AdminMemberBillingModel, {
    description:
      "Admins only: one member's payments (newest first, with how each was paid), subscription, household and membership. NOT_FOUND for an unknown member.",
  })
  adminMemberBilling(
    @Args('userId', { type: () => ID }) userId: string,
  ): Promise<AdminMemberBillingModel> {
    return this.offline.memberBilling(userId);
  }

  @Roles(Role.ADMIN)
  @Mutation(() => AdminPaymentModel, {
    description:
      "Admins only: records a cash or check payment as a completed payment (counted in revenue and the member's history, receipt sent), once per idempotencyKey. Registration marks the fee paid; dues count as a paid month.",
  })
  recordOfflinePayment(
    @CurrentUser() admin: AuthUser,
    @Args('input') input: RecordOfflinePaymentInput,
  ): Promise<AdminPaymentModel> {
    return this.offline.record(admin.id, input);
  }
}
