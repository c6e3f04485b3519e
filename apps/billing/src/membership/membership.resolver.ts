import { Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { MembershipStatus } from '../billing-enums';
import { PaymentsService } from '../payments/payments.service';
import { FeeSettingsService } from '../settings/fee-settings.service';
import { DashboardSummaryModel, MembershipModel } from './membership.model';
import { MembersService } from './members.service';

/** The signed-in member's membership and dashboard figures (own rows only). */
@Resolver()
export class MembershipResolver {
  constructor(
    private readonly members: MembersService,
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
}
