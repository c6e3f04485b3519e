import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Public } from '@jibs/auth';
import type { SignUpFields } from '@jibs/domain';
import type { SubgraphContext } from '@jibs/subgraph';
import { UserModel } from '../accounts/user.model';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { SignUpStartedModel } from '../sign-up/sign-up-started.model';
import { SignUpService } from '../sign-up/sign-up.service';
import { clientAddress } from '../throttling/client-address';
import { OnePerRequest } from '../throttling/one-per-request';
import { TotpSetupModel } from '../verification/totp-setup.model';
import { AuthPayloadModel } from './auth-payload.model';
import { SignInInput } from './dto/sign-in.input';
import { SignUpInput } from './dto/sign-up.input';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { SessionsService, type IssuedSession } from './sessions.service';
import { SignInChallengeModel } from './sign-in-challenge.model';
import { SignInResultModel } from './sign-in-result.model';
import { SignInService } from './sign-in.service';

@Resolver()
export class SessionsResolver {
  constructor(
    private readonly sessions: SessionsService,
    private readonly signIns: SignInService,
    private readonly signUps: SignUpService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @OnePerRequest()
  @Mutation(() => SignUpStartedModel, {
    description:
      'Registration step 1: emails a 6-digit code to confirm the address; no account and no session yet. The same answer whether or not the email is registered (a registered address gets a notice instead of a code).',
  })
  async startSignUp(
    @Args('input') input: SignUpInput,
    @Context() context: SubgraphContext,
  ): Promise<SignUpStartedModel> {
    return Object.assign(
      new SignUpStartedModel(),
      await this.signUps.start(input as Partial<SignUpFields>, clientAddress(context)),
    );
  }

  @Public()
  @OnePerRequest()
  @Mutation(() => AuthPayloadModel, {
    description:
      "Registration step 1's emailed code: creates the account, its email verified, and signs in. Safe to retry: the same token and code again, before the code expires, sign in to the account made.",
  })
  async completeSignUp(
    @Args('signUpToken') signUpToken: string,
    @Args('code') code: string,
    @Context() context: SubgraphContext,
  ): Promise<AuthPayloadModel> {
    const account = await this.signUps.complete(signUpToken, code);
    return this.respond(await this.sessions.start(account), context);
  }

  @Public()
  @OnePerRequest()
  @Mutation(() => SignInResultModel, {
    description:
      'A session, or a challenge when the account needs its authenticator (TOTP_CODE) or a texted code (SMS_CODE, sent now), or an admin must set one up (TOTP_ENROLLMENT).',
  })
  async signIn(
    @Args('input') input: SignInInput,
    @Context() context: SubgraphContext,
  ): Promise<SignInResultModel> {
    const outcome = await this.signIns.signIn({ ...input }, clientAddress(context));
    return Object.assign(new SignInResultModel(), {
      session: outcome.session ? this.respond(outcome.session, context) : null,
      challenge: outcome.challenge
        ? Object.assign(new SignInChallengeModel(), outcome.challenge)
        : null,
    });
  }

  @Public()
  @OnePerRequest()
  @Mutation(() => AuthPayloadModel, {
    description:
      "Second step of a sign-in: the 6-digit code (the authenticator's, or the texted one) for the challenge, or one of the member's recovery codes (each works once).",
  })
  async completeSignIn(
    @Args('challengeToken') challengeToken: string,
    @Args('code') code: string,
    @Context() context: SubgraphContext,
  ): Promise<AuthPayloadModel> {
    const session = await this.signIns.completeSignIn(challengeToken, code, clientAddress(context));
    return this.respond(session, context);
  }

  @Public()
  @OnePerRequest()
  @Mutation(() => TotpSetupModel, {
    description:
      'For a TOTP_ENROLLMENT challenge: the secret and QR to scan before completeSignIn.',
  })
  async startTotpEnrollment(
    @Args('challengeToken') challengeToken: string,
  ): Promise<TotpSetupModel> {
    return Object.assign(
      new TotpSetupModel(),
      await this.signIns.startTotpEnrollment(challengeToken),
    );
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
      user: UserModel.from(session.account, { ownSession: true }),
    });
  }
}
