import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { AccountEntity } from './account.entity';
import { AccountsService } from './accounts.service';

/** Batches the accounts one request asks for (entity references from other subgraphs). */
@Injectable()
export class AccountLoader {
  private readonly loaders = new WeakMap<object, DataLoader<string, AccountEntity | null>>();

  constructor(private readonly accounts: AccountsService) {}

  load(requestContext: object, id: string): Promise<AccountEntity | null> {
    let loader = this.loaders.get(requestContext);
    if (!loader) {
      loader = new DataLoader(async (ids) => {
        const found = new Map((await this.accounts.byIds(ids)).map((a) => [a.id, a]));
        return ids.map((id) => found.get(id) ?? null);
      });
      this.loaders.set(requestContext, loader);
    }
    return loader.load(id);
  }
}
