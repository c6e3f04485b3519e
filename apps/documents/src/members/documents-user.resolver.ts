import { Inject } from '@nestjs/common';
import { Context, Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import { DataSource, In } from 'typeorm';
import { TOKEN_VERIFIER, type RequestAuthContext, type TokenVerifier } from '@jibs/auth';
import { isUuid } from '@jibs/domain';
import {
  AdminFieldAccess,
  RowsByUserLoader,
  userReference,
  type UserReference,
} from '@jibs/subgraph';
import { DocumentEntity } from '../documents/document.entity';
import { DocumentModel } from '../documents/document.model';

const User = userReference();

/** `User.documents` for the admin console's user details: admins only, batched. */
@Resolver(() => User)
export class DocumentsUserResolver {
  private readonly access: AdminFieldAccess;

  private readonly rows: RowsByUserLoader<DocumentEntity>;

  constructor(dataSource: DataSource, @Inject(TOKEN_VERIFIER) verify: TokenVerifier) {
    this.access = new AdminFieldAccess(verify);
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

  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }): UserReference {
    return User.of(reference.id);
  }

  @ResolveField(() => [DocumentModel], {
    description: "Admins only: the user's documents, newest first.",
  })
  async documents(
    @Parent() user: UserReference,
    @Context() context: RequestAuthContext,
  ): Promise<DocumentModel[]> {
    await this.access.requireAdmin(context);
    return (await this.rows.load(context, user.id)).map((row) => DocumentModel.from(row));
  }
}
