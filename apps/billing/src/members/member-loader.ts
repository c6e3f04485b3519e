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
    let loader = this.loaders.get(requestContext);
    if (!loader) {
      loader = new DataLoader(async (ids) => {
        const found = new Map((await this.members.byIds(ids)).map((m) => [m.userId, m]));
        return ids.map((id) => found.get(id) ?? null);
      });
      this.loaders.set(requestContext, loader);
    }
    return loader.load(userId);
  }
}
