import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { DomainError } from '@jibs/domain';
import { ACCESS_DECISION, type AccessDecision } from './access-decisions';
import { bearerToken, type AuthUser, type TokenVerifier } from './access-token';
import { REGISTRATION_LOOKUP, requireRegistration, type RegistrationLookup } from './registration';
import { isSelfOrAdmin } from './self-or-admin';

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');

/** What resolvers find in the GraphQL context. */
export interface RequestAuthContext {
  /** The caller, once the guard has run for any resolver of the request (null: signed out). */
  user?: AuthUser | null;
  /** The caller's token, verified once per request however many resolvers ask (null: none or bad). */
  caller?: Promise<AuthUser | null>;
  req?: { headers: Record<string, string | string[] | undefined> };
  /** Set for subscriptions by the WebSocket connection handler. */
  connectionUser?: AuthUser | null;
  /** The caller's completed-registration check, asked once per request however many fields need it. */
  registration?: Promise<void>;
}

/**
 * Deny by default: a resolver without a decision needs a signed-in user, and the access
 * decision audit fails on it. It guards every resolver: operations, and (with the GraphQL
 * module's `fieldResolverEnhancers`) field and entity-reference resolvers, which the gateway
 * calls through `_entities` with its credential and the user's forwarded token. Tokens are
 * verified here, in every service, never trusted from a header another service set.
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
    const graphql = GqlExecutionContext.create(context);
    const gql = graphql.getContext<RequestAuthContext>();
    const user = await this.callerOf(gql);
    switch (decision.kind) {
      case 'public':
        return true;
      case 'self':
        // The interceptor answers others with null; here only a refusal is decided.
        if (decision.othersGet === 'null' || isSelfOrAdmin(user, graphql.getRoot())) return true;
        throw user ? DomainError.forbidden() : DomainError.unauthenticated();
    }
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

  /**
   * Who is asking, once per request: the WebSocket connection's user, or the bearer token
   * verified once (every resolver of the request awaits the same promise). A missing, expired or
   * forged token reads as signed out: public resolvers serve a visitor, the others refuse.
   */
  private async callerOf(gql: RequestAuthContext): Promise<AuthUser | null> {
    if (gql.user !== undefined) return gql.user;
    if (gql.connectionUser !== undefined) return (gql.user = gql.connectionUser);
    if (!gql.caller) {
      const token = bearerToken(gql.req?.headers['authorization']);
      gql.caller = token ? this.verify(token).catch(() => null) : Promise.resolve(null);
    }
    const user = await gql.caller;
    gql.user ??= user;
    return user;
  }
}
