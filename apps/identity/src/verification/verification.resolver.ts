import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated, CurrentUser, type AuthUser } from '@jibs/auth';
import { VerificationMethod } from '@jibs/domain';
import { UserModel } from '../accounts/user.model';
import { TotpSetupModel } from './totp-setup.model';
import { VerificationCodeSentModel } from './verification-code-sent.model';
import { VerificationService } from './verification.service';
import { OnePerRequest } from '../throttling/one-per-request';

@Resolver()
export class VerificationResolver {
  constructor(private readonly verification: VerificationService) {}

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => VerificationCodeSentModel, {
    description:
      'Signed in. EMAIL or SMS (TOTP is refused): sends a 6-digit code, 10-minute expiry.',
  })
  async sendVerificationCode(
    @CurrentUser() user: AuthUser,
    @Args('method', { type: () => VerificationMethod }) method: VerificationMethod,
  ): Promise<VerificationCodeSentModel> {
    return Object.assign(
      new VerificationCodeSentModel(),
      await this.verification.sendCode(user.id, method),
    );
  }

  @Authenticated()
  @Mutation(() => UserModel, {
    description:
      'Signed in. Confirms the code sent by sendVerificationCode; marks the account verified.',
  })
  async verifyCode(
    @CurrentUser() user: AuthUser,
    @Args('method', { type: () => VerificationMethod }) method: VerificationMethod,
    @Args('code') code: string,
  ): Promise<UserModel> {
    return UserModel.from(await this.verification.verifyCode(user.id, method, code));
  }

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => TotpSetupModel, {
    description:
      'Signed in. A new authenticator secret (not active until confirmTotp). Replacing one in use needs currentPassword or currentCode (a code from it).',
  })
  async setupTotp(
    @CurrentUser() user: AuthUser,
    @Args('currentPassword', { type: () => String, nullable: true })
    currentPassword: string | null,
    @Args('currentCode', { type: () => String, nullable: true }) currentCode: string | null,
  ): Promise<TotpSetupModel> {
    return Object.assign(
      new TotpSetupModel(),
      await this.verification.setupTotp(user.id, { currentPassword, currentCode }),
    );
  }

  @Authenticated()
  @OnePerRequest()
  @Mutation(() => UserModel, {
    description:
      'Signed in. Confirms the authenticator with its current code: enables it and marks verified. Replacing one signs out every other session and emails the member.',
  })
  async confirmTotp(@CurrentUser() user: AuthUser, @Args('code') code: string): Promise<UserModel> {
    return UserModel.from(await this.verification.confirmTotp(user.id, code, user.sessionId));
  }
}
