import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Public } from '@jibs/auth';
import type { SubgraphContext } from '@jibs/subgraph';
import { clientAddress } from '../throttling/client-address';
import { ResetPasswordInput } from './dto/reset-password.input';
import { PasswordResetService } from './password-reset.service';
import { OnePerRequest } from '../throttling/one-per-request';

@Resolver()
export class PasswordResetResolver {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Public()
  @OnePerRequest()
  @Mutation(() => Boolean, {
    description:
      'Anyone. Always true, whether or not the account exists; emails a single-use link.',
  })
  async requestPasswordReset(
    @Args('email', { type: () => String, nullable: true }) email: string | null,
    @Context() context: SubgraphContext,
  ): Promise<boolean> {
    return this.passwordReset.request({ email: email ?? undefined }, clientAddress(context));
  }

  @Public()
  @OnePerRequest()
  @Mutation(() => Boolean, {
    description:
      'Anyone with a valid link. Sets the password and ends every session of the account.',
  })
  async resetPassword(@Args('input') input: ResetPasswordInput): Promise<boolean> {
    return this.passwordReset.reset({ ...input });
  }
}
