import type { Client, QueryResult, QueryResultRow } from 'pg';

/**
 * A member's dedicated connection, shared by its partition workers. Their queries are chained
 * here rather than left to pg's internal queue, which pg 8 deprecates for concurrent callers.
 */
export class PostgresSession {
  lost = false;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly client: Client) {}

  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<QueryResult<R>> {
    const run = this.tail.then(() => this.client.query<R>(text, values));
    this.tail = run.catch(() => undefined);
    return run;
  }
}
