import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { DomainError } from '@jibs/domain';
import { ACCESS_DECISION, type AccessDecision } from './access-decisions';
import { bearerToken, type AuthUser, type TokenVerifier } from './access-token';
import { REGISTRATION_LOOKUP, requireRegistration, type RegistrationLookup } from './registration';

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');

/** What resolvers find in the GraphQL context. */
export interface RequestAuthContext {
  user?: AuthUser | null;
  req?: { headers: Record<string, string | string[] | undefined> };
  /** Set for subscriptions by the WebSocket connection handler. */
  connectionUser?: AuthUser | null;
  /** The caller's completed-registration check, asked once per request however many fields need it. */
  registration?: Promise<void>;
}

/**
 * Deny by default: an operation without a decision needs a signed-in user, and an access
 * decision audit test fails on it. Tokens are verified here, in every service, never trusted
 * from a header another service set.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_VERIFIER) private readonly verify: TokenVerifier,
    private readonly moduleRef: ModuleRef,
  ) {}

  private registrations?: RegistrationLookup | null;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Non-GraphQL routes (health, metrics, webhooks) are mounted outside Nest's guards.
    if (context.getType<string>() !== 'graphql') return true;
    const decision = this.reflector.getAllAndOverride<AccessDecision | undefined>(ACCESS_DECISION, [
      context.getHandler(),
      context.getClass(),
    ]) ?? { kind: 'authenticated' };
    const gql = GqlExecutionContext.create(context).getContext<RequestAuthContext>();
    const user = await this.userOf(gql, decision.kind === 'public');
    gql.user = user;
    if (decision.kind === 'public') return true;
    if (!user) throw DomainError.unauthenticated();
    if (decision.kind === 'roles' && !decision.roles.includes(user.role))
      throw DomainError.forbidden();
    if (decision.kind === 'registered') {
      gql.registration ??= requireRegistration(this.registrationLookup(), user);
      await gql.registration;
    }
    return true;
  }

  /** The service's lookup (its providers, not this module's); none refuses all but admins. */
  private registrationLookup(): RegistrationLookup | null {
    if (this.registrations === undefined) {
      try {
        this.registrations = this.moduleRef.get<RegistrationLookup>(REGISTRATION_LOOKUP, {
          strict: false,
        });
      } catch {
        this.registrations = null;
      }
    }
    return this.registrations;
  }

  private async userOf(gql: RequestAuthContext, lenient: boolean): Promise<AuthUser | null> {
    if (gql.user !== undefined) return gql.user;
    if (gql.connectionUser !== undefined) return gql.connectionUser;
    const token = bearerToken(gql.req?.headers['authorization']);
    if (!token) return null;
    try {
      return await this.verify(token);
    } catch {
      // An expired or forged token on a public operation reads as signed out.
      if (lenient) return null;
      throw DomainError.unauthenticated();
    }
  }
}
