import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Roles } from '@jibs/auth';
import { Role } from '@jibs/domain';
import {
  AUDIT_PAGE_DEFAULT,
  AuditTrailEntryModel,
  AuditTrailFilterInput,
  AuditTrailPageModel,
} from './audit-trail.model';
import { AuditTrailService } from './audit-trail.service';

@Resolver(() => AuditTrailEntryModel)
export class AuditTrailResolver {
  constructor(private readonly trail: AuditTrailService) {}

  @Roles(Role.ADMIN)
  @Query(() => AuditTrailPageModel, {
    description:
      "Admins only: every admin action of every service, newest first. `after` is the previous page's `endCursor`; `first` 1 to 100.",
  })
  async auditTrail(
    @Args('filter', { type: () => AuditTrailFilterInput, nullable: true })
    filter?: AuditTrailFilterInput | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: AUDIT_PAGE_DEFAULT })
    first?: number | null,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): Promise<AuditTrailPageModel> {
    const page = await this.trail.page(filter, first, after);
    return Object.assign(new AuditTrailPageModel(), {
      entries: page.rows.map((row) => AuditTrailEntryModel.from(row)),
      endCursor: page.endCursor,
      hasNextPage: page.hasNextPage,
    });
  }

  @Roles(Role.ADMIN)
  @Query(() => [String], { description: 'Admins only: the services in the audit trail.' })
  auditTrailServices(): Promise<string[]> {
    return this.trail.services();
  }
}
