import DataLoader from 'dataloader';
import {
  bearerToken,
  type AuthUser,
  type RequestAuthContext,
  type TokenVerifier,
} from '@jibs/auth';
import { DomainError, Role } from '@jibs/domain';

/**
 * Entity fields that only admins may read (`User.household`, `User.deathReports`, ...). Field
 * resolvers run without the operation guard, so the caller's token is verified here, once per
 * request (one promise shared by every field of the request, so their loads still batch), and a
 * non-admin is refused before anything is read.
 */
export class AdminFieldAccess {
  private readonly viewers = new WeakMap<object, Promise<AuthUser | null>>();

  constructor(private readonly verify: TokenVerifier) {}

  /** The admin asking, or UNAUTHENTICATED / FORBIDDEN. */
  async requireAdmin(context: RequestAuthContext): Promise<AuthUser> {
    const viewer = await this.viewer(context);
    if (!viewer) throw DomainError.unauthenticated();
    if (viewer.role !== Role.ADMIN) throw DomainError.forbidden();
    return viewer;
  }

  private viewer(context: RequestAuthContext): Promise<AuthUser | null> {
    if (context.user !== undefined) return Promise.resolve(context.user);
    let viewer = this.viewers.get(context);
    if (!viewer) {
      const token = bearerToken(context.req?.headers['authorization']);
      viewer = token ? this.verify(token).catch(() => null) : Promise.resolve(null);
      this.viewers.set(context, viewer);
    }
    return viewer;
  }
}

/**
 * One DataLoader per request: the rows of every user a request asks about, read with one query.
 * `readRows` gets the requested user ids and returns their rows in the order they are shown.
 */
export class RowsByUserLoader<Row extends { userId: string }> {
  private readonly loaders = new WeakMap<object, DataLoader<string, Row[]>>();

  constructor(private readonly readRows: (userIds: readonly string[]) => Promise<Row[]>) {}

  load(context: object, userId: string): Promise<Row[]> {
    let loader = this.loaders.get(context);
    if (!loader) {
      loader = new DataLoader(async (ids) => {
        const rows = await this.readRows(ids);
        return ids.map((id) => rows.filter((row) => row.userId === id));
      });
      this.loaders.set(context, loader);
    }
    return loader.load(userId);
  }
}
