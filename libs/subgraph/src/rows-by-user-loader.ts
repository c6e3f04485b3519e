import DataLoader from 'dataloader';

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
