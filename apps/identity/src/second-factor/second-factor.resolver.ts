import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { UserModel } from '../accounts/user.model';
import { OnePerRequest } from '../throttling/one-per-request';
import { SecondFactorChangeModel } from './second-factor-change.model';
import { SecondFactorService, type SecondFactorChanged } from './second-factor.service';

const changeModel = ({ account, recoveryCodes }: SecondFactorChanged) =>
  Object.assign(new SecondFactorChangeModel(), {
    user: UserModel.from(account),
    recoveryCodes,
  });

/** The Security section of /profile (and step 2's choice): the member's own second factor. */
@Resolver()
export class SecondFactorResolver {
  constructor(private readonly secondFactor: SecondFactorService) {}

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => SecondFactorChangeModel, {
    description:
      'Signed in. Turns on the authenticator set up by setupTotp, with its current code. Signs out every other session and emails the member.',
  })
  async enableAuthenticator(
    @CurrentUser() user: AuthUser,
    @Args('code') code: string,
  ): Promise<SecondFactorChangeModel> {
    return changeModel(await this.secondFactor.enableAuthenticator(user, code));
  }

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => UserModel, {
    description:
      'Signed in, not an admin. Needs the password and a code from the app (or a recovery code). Signs out every other session and emails the member.',
  })
  async disableAuthenticator(
    @CurrentUser() user: AuthUser,
    @Args('currentPassword', { type: () => String, nullable: true })
    currentPassword: string | null,
    @Args('code', { type: () => String, nullable: true }) code: string | null,
  ): Promise<UserModel> {
    return UserModel.from(
      await this.secondFactor.disableAuthenticator(user, currentPassword, code),
    );
  }

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => SecondFactorChangeModel, {
    description:
      'Signed in, with a verified phone (a code by SMS, see verifyCode): sign-in then texts a code to it. Signs out every other session and emails the member.',
  })
  async enableSmsSignIn(@CurrentUser() user: AuthUser): Promise<SecondFactorChangeModel> {
    return changeModel(await this.secondFactor.enableSms(user));
  }

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => UserModel, {
    description:
      'Signed in. Needs the password. Signs out every other session and emails the member.',
  })
  async disableSmsSignIn(
    @CurrentUser() user: AuthUser,
    @Args('currentPassword', { type: () => String, nullable: true })
    currentPassword: string | null,
  ): Promise<UserModel> {
    return UserModel.from(await this.secondFactor.disableSms(user, currentPassword));
  }

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => [String], {
    description:
      'Signed in, with a second factor on. Needs the password. A new set of recovery codes, shown once; the earlier ones stop working.',
  })
  async newRecoveryCodes(
    @CurrentUser() user: AuthUser,
    @Args('currentPassword', { type: () => String, nullable: true })
    currentPassword: string | null,
  ): Promise<string[]> {
    return this.secondFactor.newRecoveryCodes(user, currentPassword);
  }
}
