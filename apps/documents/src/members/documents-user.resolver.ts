import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import { DataSource, In } from 'typeorm';
import { Public, Roles, type RequestAuthContext } from '@jibs/auth';
import { isUuid, Role } from '@jibs/domain';
import { RowsByUserLoader, userReference, type UserReference } from '@jibs/subgraph';
import { DocumentEntity } from '../documents/document.entity';
import { DocumentModel } from '../documents/document.model';

const User = userReference();

/** `User.documents` for the admin console's user details: admins only, batched. */
@Resolver(() => User)
export class DocumentsUserResolver {
  private readonly rows: RowsByUserLoader<DocumentEntity>;

  constructor(dataSource: DataSource) {
    this.rows = new RowsByUserLoader(async (ids) => {
      const valid = ids.filter((id) => isUuid(id));
      return valid.length
        ? dataSource.manager.find(DocumentEntity, {
            where: { userId: In(valid) },
            order: { createdAt: 'DESC', id: 'DESC' },
          })
        : [];
    });
  }

  /** Only the id the gateway gave: what may be read of it, its fields decide. */
  @Public()
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return User.of(reference.id);
  }

  @Roles(Role.ADMIN)
  @ResolveField(() => [DocumentModel], {
    description: "Admins only: the user's documents, newest first.",
  })
  async documents(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<DocumentModel[]> {
    return (await this.rows.load(context, user.id)).map((row) => DocumentModel.from(row));
  }
}
