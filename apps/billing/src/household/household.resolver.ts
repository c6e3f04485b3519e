import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { FeeQuoteModel } from './fee-quote.model';
import { HouseholdMemberInput, SaveHouseholdInput } from './dto/household-member.input';
import { HouseholdMemberModel } from './household-member.model';
import { HouseholdService } from './household.service';

@Resolver(() => HouseholdMemberModel)
export class HouseholdResolver {
  constructor(private readonly household: HouseholdService) {}

  @Authenticated()
  @Query(() => [HouseholdMemberModel])
  async myHousehold(@CurrentUser() user: AuthUser): Promise<HouseholdMemberModel[]> {
    return (await this.household.list(user.id)).map((row) => HouseholdMemberModel.from(row));
  }

  @Authenticated()
  @Query(() => FeeQuoteModel)
  async registrationQuote(@CurrentUser() user: AuthUser): Promise<FeeQuoteModel> {
    return FeeQuoteModel.from(await this.household.quote(user.id));
  }

  @Authenticated()
  @Mutation(() => [HouseholdMemberModel], {
    description:
      'Wizard step 3: replaces the household (only before the registration fee is paid).',
  })
  async saveHousehold(
    @CurrentUser() user: AuthUser,
    @Args('input') input: SaveHouseholdInput,
  ): Promise<HouseholdMemberModel[]> {
    return (await this.household.save(user.id, input)).map((row) => HouseholdMemberModel.from(row));
  }

  @Authenticated()
  @Mutation(() => HouseholdMemberModel, {
    description:
      "Profile, after the fee is paid ('Registration Required: ...' before). Returns the member; its fee, if any, is PAYMENT_DUE.",
  })
  async addHouseholdMember(
    @CurrentUser() user: AuthUser,
    @Args('input') input: HouseholdMemberInput,
    @Args('sameAddressCertified', { type: () => Boolean, nullable: true })
    sameAddressCertified?: boolean | null,
  ): Promise<HouseholdMemberModel> {
    return HouseholdMemberModel.from(
      await this.household.add(user.id, input, sameAddressCertified),
    );
  }

  @Authenticated()
  @Mutation(() => Boolean)
  removeHouseholdMember(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    return this.household.remove(user.id, id);
  }
}
