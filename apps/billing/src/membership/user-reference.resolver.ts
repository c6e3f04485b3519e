import { Inject } from '@nestjs/common';
import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import {
  bearerToken,
  TOKEN_VERIFIER,
  type AuthUser,
  type RequestAuthContext,
  type TokenVerifier,
} from '@jibs/auth';
import { DomainError, MembershipStatus, Role, isUuid } from '@jibs/domain';
import { MemberLoader } from './member-loader';
import { UserReference } from './user-reference.model';

/** Billing's fields on User: the member themself or an admin may read them. */
@Resolver(() => UserReference)
export class UserReferenceResolver {
  constructor(
    private readonly loader: MemberLoader,
    @Inject(TOKEN_VERIFIER) private readonly verify: TokenVerifier,
  ) {}

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return Object.assign(new UserReference(), { id: reference.id });
  }

  @ResolveField(() => Boolean)
  async registrationFeePaid(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<boolean> {
    return (await this.member(user, context))?.registrationFeePaid ?? false;
  }

  @ResolveField(() => MembershipStatus)
  async membershipStatus(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<MembershipStatus> {
    return (await this.member(user, context))?.membershipStatus ?? MembershipStatus.PENDING;
  }

  private async member(user: UserReference, context: RequestAuthContext) {
    const viewer = await this.viewer(context);
    if (!viewer) throw DomainError.unauthenticated();
    if (viewer.id !== user.id && viewer.role !== Role.ADMIN) throw DomainError.forbidden();
    if (!isUuid(user.id)) return null;
    return this.loader.load(context, user.id);
  }

  /** Field resolvers run without the operation guard: verify the caller's token here. */
  private async viewer(context: RequestAuthContext): Promise<AuthUser | null> {
    if (context.user !== undefined) return context.user;
    const token = bearerToken(context.req?.headers['authorization']);
    try {
      context.user = token ? await this.verify(token) : null;
    } catch {
      context.user = null;
    }
    return context.user;
  }
}
