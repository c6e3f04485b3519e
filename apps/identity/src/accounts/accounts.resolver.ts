import {
  Args,
  Context,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
  ResolveReference,
} from '@nestjs/graphql';
import {
  Authenticated,
  CurrentUser,
  SelfOrAdmin,
  type AuthUser,
  type RequestAuthContext,
} from '@jibs/auth';
import { DomainError, type UpdateProfileFields } from '@jibs/domain';
import { AccountLoader } from './account-loader';
import { AccountsService } from './accounts.service';
import { UpdateProfileInput } from './dto/update-profile.input';
import { UserModel } from './user.model';

@Resolver(() => UserModel)
export class AccountsResolver {
  constructor(
    private readonly accounts: AccountsService,
    private readonly loader: AccountLoader,
  ) {}

  @Authenticated()
  @Query(() => UserModel, { description: 'The signed-in user.' })
  async me(@CurrentUser() user: AuthUser): Promise<UserModel> {
    const account = await this.accounts.byId(user.id);
    if (!account) throw DomainError.unauthenticated();
    return UserModel.from(account);
  }

  @Authenticated()
  @Mutation(() => UserModel, {
    description: 'Signed in: own phone, address, language and Hijri dates choice.',
  })
  async updateProfile(
    @CurrentUser() user: AuthUser,
    @Args('input') input: UpdateProfileInput,
  ): Promise<UserModel> {
    return UserModel.from(
      await this.accounts.updateProfile(user.id, { ...input } as UpdateProfileFields),
    );
  }

  /**
   * Other subgraphs reference users by id; the gateway asks here for their fields. The same
   * rule as `me`: a user is shown to themself and to admins only. Anyone else (another member,
   * an anonymous caller of `_entities`) gets null, never an email, a name or a role.
   */
  @SelfOrAdmin({ othersGet: null })
  @ResolveReference()
  async resolveReference(
    @Parent() reference: { id: string },
    @Context() context: RequestAuthContext,
  ): Promise<UserModel | null> {
    const account = await this.loader.load(context, reference.id);
    return account ? UserModel.from(account) : null;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true, description: 'E.164, +1XXXXXXXXXX.' })
  phone(@Parent() user: UserModel) {
    return user.personal.phone;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  dateOfBirth(@Parent() user: UserModel) {
    return user.personal.dateOfBirth;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true })
  addressLine1(@Parent() user: UserModel) {
    return user.personal.addressLine1;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true })
  addressLine2(@Parent() user: UserModel) {
    return user.personal.addressLine2;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true })
  city(@Parent() user: UserModel) {
    return user.personal.city;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true })
  state(@Parent() user: UserModel) {
    return user.personal.state;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true })
  zipCode(@Parent() user: UserModel) {
    return user.personal.zipCode;
  }

  @SelfOrAdmin()
  @ResolveField(() => Boolean, { nullable: true })
  isUsCitizen(@Parent() user: UserModel) {
    return user.personal.isUsCitizen;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, {
    nullable: true,
    description: "The member's language: en, ar or ur (emails, texts and the clients).",
  })
  language(@Parent() user: UserModel) {
    return user.preferences.language;
  }

  @SelfOrAdmin()
  @ResolveField(() => Boolean, {
    nullable: true,
    description: 'Dates show the Hijri date beside the Gregorian one.',
  })
  showHijri(@Parent() user: UserModel) {
    return user.preferences.showHijri;
  }
}
