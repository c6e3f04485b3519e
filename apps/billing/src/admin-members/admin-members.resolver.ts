import {
  Args,
  Context,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import { CurrentUser, Roles, type AuthUser, type RequestAuthContext } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { RowsByUserLoader } from '@jibs/subgraph';
import { HouseholdMemberModel } from '../household/household-member.model';
import type { HouseholdMemberEntity } from '../household/household-member.entity';
import { MemberLoader } from '../membership/member-loader';
import { UserReference } from '../membership/user-reference.model';
import { AdminMembersService } from './admin-members.service';
import { AdminUserPageModel } from './admin-user-page.model';

const user = (id: string) => Object.assign(new UserReference(), { id });

/** /admin/users in billing: the list (search, status, pages), status changes, households. */
@Resolver(() => UserReference)
export class AdminMembersResolver {
  private readonly households: RowsByUserLoader<HouseholdMemberEntity>;

  constructor(
    private readonly admin: AdminMembersService,
    private readonly loader: MemberLoader,
  ) {
    this.households = new RowsByUserLoader((ids) => this.admin.households(ids));
  }

  @Roles(Role.ADMIN)
  @Query(() => AdminUserPageModel, {
    description:
      'Admins only: every user, newest first. `search` matches the name or email (case-insensitive, literally); `status` is active, pending or inactive (all when null); `limit` 1 to 100 (20), `offset` from 0.',
  })
  async adminUsers(
    @Context() context: RequestAuthContext,
    @Args('search', { type: () => String, nullable: true }) search?: string | null,
    @Args('status', { type: () => String, nullable: true }) status?: string | null,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number | null,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number | null,
  ): Promise<AdminUserPageModel> {
    const page = await this.admin.list({ search, status, limit, offset });
    this.loader.prime(context, page.members);
    return Object.assign(new AdminUserPageModel(), {
      total: page.total,
      users: page.members.map((member) => user(member.userId)),
    });
  }

  @Roles(Role.ADMIN)
  @Query(() => UserReference, {
    description:
      'Admins only: one user billing knows, for the user details drawer (NOT_FOUND otherwise); identity and the other services fill in the rest.',
  })
  async adminUser(
    @Args('id', { type: () => ID }) id: string,
    @Context() context: RequestAuthContext,
  ): Promise<UserReference> {
    const member = await this.admin.one(id);
    this.loader.prime(context, [member]);
    return user(member.userId);
  }

  @Roles(Role.ADMIN)
  @Mutation(() => UserReference, {
    description:
      "Admins only: sets a member's membership status (active, pending or inactive), audited; the member is notified. It holds until the next verified payment event decides again.",
  })
  async setMembershipStatus(
    @CurrentUser() admin: AuthUser,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('status', { type: () => String }) status: string,
    @Context() context: RequestAuthContext,
  ): Promise<UserReference> {
    const member = await this.admin.setStatus(admin.id, userId, status);
    this.loader.prime(context, [member]);
    return user(member.userId);
  }

  @Roles(Role.ADMIN)
  @ResolveField(() => [HouseholdMemberModel], {
    description: "Admins only: the member's household, in the order it was added.",
  })
  async household(
    @Parent() parent: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<HouseholdMemberModel[]> {
    return (await this.households.load(context, parent.id)).map((row) =>
      HouseholdMemberModel.from(row),
    );
  }
}
