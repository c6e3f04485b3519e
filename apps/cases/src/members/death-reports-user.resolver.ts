import { Inject } from '@nestjs/common';
import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import {
  bearerToken,
  TOKEN_VERIFIER,
  type AuthUser,
  type RequestAuthContext,
  type TokenVerifier,
} from '@jibs/auth';
import { DomainError, isUuid, Role } from '@jibs/domain';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { DeathReportModel } from '../death-reports/death-report.model';
import { UserReference } from './user-reference.model';

/** `User.deathReports` for the admin console's user details: admins only, batched. */
@Resolver(() => UserReference)
export class DeathReportsUserResolver {
  private readonly loaders = new WeakMap<object, DataLoader<string, DeathReportEntity[]>>();

  private readonly viewers = new WeakMap<object, Promise<AuthUser | null>>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(TOKEN_VERIFIER) private readonly verify: TokenVerifier,
  ) {}

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return UserReference.of(reference.id);
  }

  @ResolveField(() => [DeathReportModel], {
    description: "Admins only: the user's death reports, newest first.",
  })
  async deathReports(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<DeathReportModel[]> {
    const viewer = await this.viewer(context);
    if (!viewer) throw DomainError.unauthenticated();
    if (viewer.role !== Role.ADMIN) throw DomainError.forbidden();
    let loader = this.loaders.get(context);
    if (!loader) {
      loader = new DataLoader(async (ids) => {
        const valid = ids.filter((id) => isUuid(id));
        const rows = valid.length
          ? await this.dataSource.manager.find(DeathReportEntity, {
              where: { userId: In(valid) },
              order: { createdAt: 'DESC', id: 'DESC' },
            })
          : [];
        return ids.map((id) => rows.filter((row) => row.userId === id));
      });
      this.loaders.set(context, loader);
    }
    return (await loader.load(user.id)).map((row) => DeathReportModel.from(row));
  }

  /**
   * Field resolvers run without the operation guard: the caller's token is verified here, once
   * per request (one promise shared by every field, so their loads still batch).
   */
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
