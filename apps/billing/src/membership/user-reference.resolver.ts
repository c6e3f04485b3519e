import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import { Public, SelfOrAdmin, type RequestAuthContext } from '@jibs/auth';
import { MembershipStatus, isUuid } from '@jibs/domain';
import { MemberLoader } from './member-loader';
import { UserReference } from './user-reference.model';

/** Billing's fields on User: the member themself or an admin may read them. */
@Resolver(() => UserReference)
export class UserReferenceResolver {
  constructor(private readonly loader: MemberLoader) {}

  /** Only the id the gateway gave: what may be read of it, its fields decide. */
  @Public()
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return Object.assign(new UserReference(), { id: reference.id });
  }

  @SelfOrAdmin()
  @ResolveField(() => Boolean)
  async registrationFeePaid(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<boolean> {
    return (await this.member(user, context))?.registrationFeePaid ?? false;
  }

  @SelfOrAdmin()
  @ResolveField(() => MembershipStatus)
  async membershipStatus(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<MembershipStatus> {
    return (await this.member(user, context))?.membershipStatus ?? MembershipStatus.PENDING;
  }

  private async member(user: UserReference, context: RequestAuthContext) {
    if (!isUuid(user.id)) return null;
    return this.loader.load(context, user.id);
  }
}
