import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import type { MemberEntity } from './member.entity';
import { MembersService } from './members.service';

/** Batches the members one request asks for (User references from the gateway). */
@Injectable()
export class MemberLoader {
  private readonly loaders = new WeakMap<object, DataLoader<string, MemberEntity | null>>();

  constructor(private readonly members: MembersService) {}

  load(requestContext: object, userId: string): Promise<MemberEntity | null> {
    return this.loaderFor(requestContext).load(userId);
  }

  /** Members this request already read (a list page): their User fields need no query. */
  prime(requestContext: object, members: readonly MemberEntity[]): void {
    const loader = this.loaderFor(requestContext);
    for (const member of members) loader.prime(member.userId, member);
  }

  private loaderFor(requestContext: object): DataLoader<string, MemberEntity | null> {
    let loader = this.loaders.get(requestContext);
    if (!loader) {
      loader = new DataLoader(async (ids) => {
        const found = new Map((await this.members.byIds(ids)).map((m) => [m.userId, m]));
        return ids.map((id) => found.get(id) ?? null);
      });
      this.loaders.set(requestContext, loader);
    }
    return loader;
  }
}
