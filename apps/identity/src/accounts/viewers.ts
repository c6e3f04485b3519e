import { Inject, Injectable } from '@nestjs/common';
import {
  bearerToken,
  TOKEN_VERIFIER,
  type AuthUser,
  type RequestAuthContext,
  type TokenVerifier,
} from '@jibs/auth';
import { Role } from '@jibs/domain';

/**
 * Who is asking, for field resolvers. Root operations pass the global guard, which puts the
 * verified caller on the context; field and entity-reference resolvers do not (the gateway
 * fetches User fields for other subgraphs through `_entities`), so the bearer token is
 * verified here, once per request. A missing or bad token reads as nobody.
 */
@Injectable()
export class Viewers {
  private readonly resolved = new WeakMap<object, Promise<AuthUser | null>>();

  constructor(@Inject(TOKEN_VERIFIER) private readonly verify: TokenVerifier) {}

  of(context: RequestAuthContext): Promise<AuthUser | null> {
    if (context.user !== undefined) return Promise.resolve(context.user);
    if (context.connectionUser !== undefined) return Promise.resolve(context.connectionUser);
    let viewer = this.resolved.get(context);
    if (!viewer) {
      const token = bearerToken(context.req?.headers['authorization']);
      viewer = token ? this.verify(token).catch(() => null) : Promise.resolve(null);
      this.resolved.set(context, viewer);
    }
    return viewer;
  }

  /** Personal details are for the user themself and for admins. */
  async maySeePersonalDetailsOf(context: RequestAuthContext, userId: string): Promise<boolean> {
    const viewer = await this.of(context);
    return !!viewer && (viewer.id === userId || viewer.role === Role.ADMIN);
  }
}
