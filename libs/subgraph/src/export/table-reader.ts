import type { DataSource } from 'typeorm';
import type { ExportTable } from './export-table';

/** The rows of one export, half-open on days: `[from 00:00 UTC, the day after to)`. */
export interface ExportRange {
  from: string | null;
  to: string | null;
}

export const EXPORT_BATCH_SIZE = 500;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Reads a table in batches by keyset (created_at, id), oldest first, inside one read-only
 * REPEATABLE READ transaction: every batch sees the same snapshot, and only one batch is held
 * at a time, so the memory an export takes does not grow with the table. The next batch is
 * read only when the consumer asks for it (an async generator), which lets the HTTP
 * response's backpressure reach the database. The key travels as text so that microseconds
 * survive the round trip.
 */
export async function* readTableBatches(
  dataSource: DataSource,
  table: ExportTable,
  range: ExportRange,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Record<string, unknown>[]> {
  const created = `t.${identifier(table.createdAtColumn ?? 'created_at')}`;
  const id = `t.${identifier(table.idColumn ?? 'id')}`;
  const idType = identifier(table.idType ?? 'uuid').replace(/"/g, '');
  const columns = table.columns.map((column) => `${column.sql} AS ${identifier(column.name)}`);
  const select = `SELECT ${columns.join(', ')}, ${created}::text AS "__key_created", ${id}::text AS "__key_id" FROM ${identifier(table.relation)} t`;
  const filters: string[] = [];
  const params: unknown[] = [];
  if (range.from && range.to) {
    params.push(range.from, dayAfter(range.to));
    filters.push(`${created} >= $1::date::timestamp AT TIME ZONE 'UTC'`);
    filters.push(`${created} < $2::date::timestamp AT TIME ZONE 'UTC'`);
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query('SET TRANSACTION READ ONLY');
    let after: { created: string; id: string } | null = null;
    for (;;) {
      const where = [...filters];
      const values = [...params];
      if (after) {
        values.push(after.created, after.id);
        // The id compared as the column's own type (a uuid orders differently from its text).
        where.push(
          `(${created}, ${id}) > ($${values.length - 1}::timestamptz, $${values.length}::${idType})`,
        );
      }
      values.push(batchSize);
      const sql = `${select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${created}, ${id} LIMIT $${values.length}`;
      const rows = (await runner.query(sql, values)) as Record<string, unknown>[];
      if (rows.length === 0) break;
      const last = rows[rows.length - 1]!;
      after = { created: String(last['__key_created']), id: String(last['__key_id']) };
      for (const row of rows) {
        delete row['__key_created'];
        delete row['__key_id'];
      }
      yield rows;
      if (rows.length < batchSize) break;
    }
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}
