import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { UserModel } from '../accounts/user.model';
import { AdminUsersService } from './admin-users.service';

/** /admin/users in identity: the role dropdown. The list itself comes from billing. */
@Resolver(() => UserModel)
export class AdminUsersResolver {
  constructor(private readonly admin: AdminUsersService) {}

  @Roles(Role.ADMIN)
  @Mutation(() => UserModel, {
    description:
      "Admins only: makes a user a member or an admin ('member' or 'admin'). The last admin cannot be demoted (CONFLICT). The user's sessions end: they sign in again with the new role.",
  })
  async setUserRole(
    @CurrentUser() admin: AuthUser,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('role', { type: () => String }) role: string,
  ): Promise<UserModel> {
    return UserModel.from(await this.admin.setRole(admin.id, userId, role));
  }
}
