import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Public } from '@jibs/auth';
import { DomainError, fieldErrorsOf, signInSchema, type SignUpFields } from '@jibs/domain';
import type { SubgraphContext } from '@jibs/subgraph';
import { AccountsService } from '../accounts/accounts.service';
import { UserModel } from '../accounts/user.model';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { AuthPayloadModel } from './auth-payload.model';
import { SignInInput } from './dto/sign-in.input';
import { SignUpInput } from './dto/sign-up.input';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { SessionsService, type IssuedSession } from './sessions.service';

@Resolver()
export class SessionsResolver {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @Mutation(() => AuthPayloadModel, {
    description: 'Registration step 1: creates the account and signs in.',
  })
  async signUp(
    @Args('input') input: SignUpInput,
    @Context() context: SubgraphContext,
  ): Promise<AuthPayloadModel> {
    const account = await this.accounts.signUp(input as Partial<SignUpFields>);
    return this.respond(await this.sessions.start(account), context);
  }

  @Public()
  @Mutation(() => AuthPayloadModel)
  async signIn(
    @Args('input') input: SignInInput,
    @Context() context: SubgraphContext,
  ): Promise<AuthPayloadModel> {
    const parsed = signInSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const account = await this.accounts.authenticate(parsed.data.email, parsed.data.password);
    return this.respond(await this.sessions.start(account), context);
  }

  @Public()
  @Mutation(() => AuthPayloadModel, {
    description: 'Rotates the refresh cookie and returns a new access token.',
  })
  async refreshSession(@Context() context: SubgraphContext): Promise<AuthPayloadModel> {
    try {
      return this.respond(await this.sessions.refresh(readRefreshCookie(context.req)), context);
    } catch (error) {
      clearRefreshCookie(context.res, this.config.COOKIE_SECURE);
      throw error;
    }
  }

  @Public()
  @Mutation(() => Boolean, { description: 'Ends the session of the refresh cookie.' })
  async signOut(@Context() context: SubgraphContext): Promise<boolean> {
    await this.sessions.end(readRefreshCookie(context.req));
    clearRefreshCookie(context.res, this.config.COOKIE_SECURE);
    return true;
  }

  private respond(session: IssuedSession, context: SubgraphContext): AuthPayloadModel {
    setRefreshCookie(
      context.res,
      session.refreshToken,
      session.refreshExpiresAt,
      this.config.COOKIE_SECURE,
    );
    return Object.assign(new AuthPayloadModel(), {
      accessToken: session.accessToken,
      expiresAt: session.accessExpiresAt,
      user: UserModel.from(session.account),
    });
  }
}
