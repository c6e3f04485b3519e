import { Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { DomainError } from '@jibs/domain';
import { AccountsService } from './accounts.service';
import { UserModel } from './user.model';

@Resolver(() => UserModel)
export class AccountsResolver {
  constructor(private readonly accounts: AccountsService) {}

  @Authenticated()
  @Query(() => UserModel, { description: 'The signed-in user.' })
  async me(@CurrentUser() user: AuthUser): Promise<UserModel> {
    const account = await this.accounts.byId(user.id);
    if (!account) throw DomainError.unauthenticated();
    return UserModel.from(account);
  }

  /** Other subgraphs reference users by id; the gateway asks here for their fields. */
  @ResolveReference()
  async resolveReference(reference: { id: string }): Promise<UserModel | null> {
    const account = await this.accounts.byId(reference.id);
    return account ? UserModel.from(account) : null;
  }
}
