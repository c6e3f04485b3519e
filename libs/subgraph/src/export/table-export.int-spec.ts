import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import type { ExportTable } from './export-table';
import { writeExport } from './export-writer';
import { readTableBatches } from './table-reader';

const table: ExportTable = {
  name: 'entries',
  relation: 'entries',
  columns: [
    { name: 'id', sql: 't.id' },
    { name: 'note', sql: 't.note' },
    { name: 'created_at', sql: 't.created_at' },
  ],
};

const ROWS = 10_000;

/** A consumer that acknowledges each chunk 20 ms later (a slow reader). */
class SlowSink extends Writable {
  chunks: string[] = [];
  acknowledged = 0;
  constructor() {
    super({ highWaterMark: 1024, decodeStrings: false });
  }
  override _write(chunk: string, _encoding: string, callback: () => void): void {
    this.chunks.push(chunk);
    setTimeout(() => {
      this.acknowledged += 1;
      callback();
    }, 20);
  }
}

describe('streaming a table export (real Postgres)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('export');
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    await dataSource.query(
      `CREATE TABLE entries (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), note text NOT NULL, created_at timestamptz NOT NULL)`,
    );
    // Ten rows share each instant (ties are ordered by id), with microseconds, over 1,000 hours.
    await dataSource.query(
      `INSERT INTO entries (note, created_at)
       SELECT 'note ' || n, timestamptz '2026-01-01 00:00:00.123456+00' + ((n / 10) || ' hours')::interval
       FROM generate_series(0, ${ROWS - 1}) n`,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('reads every row once, oldest first, in batches by keyset', async () => {
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of readTableBatches(dataSource, table, { from: null, to: null }, 777)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(777);
      for (const row of batch) seen.push(String(row['id']));
    }
    expect(batches).toBe(Math.ceil(ROWS / 777));
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    const ordered: { id: string }[] = await dataSource.query(
      'SELECT id FROM entries ORDER BY created_at, id',
    );
    expect(seen).toEqual(ordered.map((row) => row.id));
  });

  it('keeps to whole UTC days of the range, both ends included', async () => {
    let count = 0;
    for await (const batch of readTableBatches(dataSource, table, {
      from: '2026-01-02',
      to: '2026-01-03',
    }))
      count += batch.length;
    // 48 hours of 10 rows each.
    expect(count).toBe(480);
  });

  it('writes 10,000 rows as CSV while holding at most two batches ahead of a slow reader', async () => {
    let pulled = 0;
    let mostAhead = 0;
    const sink = new SlowSink();
    async function* counted() {
      for await (const batch of readTableBatches(
        dataSource,
        table,
        { from: null, to: null },
        200,
      )) {
        pulled += 1;
        // Chunk 1 is the header; chunk k+1 is batch k.
        mostAhead = Math.max(mostAhead, pulled - Math.max(0, sink.acknowledged - 1));
        yield batch;
      }
    }
    const rows = await writeExport(counted(), sink, { format: 'csv', table, metadata: null });
    expect(rows).toBe(ROWS);
    expect(pulled).toBe(ROWS / 200);
    // Backpressure reaches the database: never more than a couple of batches in memory.
    expect(mostAhead).toBeLessThanOrEqual(3);
    const lines = sink.chunks.join('').split('\r\n');
    expect(lines[0]).toBe('id,note,created_at');
    expect(lines).toHaveLength(ROWS + 2);
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},note \d+,2026-01-01T00:00:00\.123Z$/);
  });

  it('writes JSON with the metadata first', async () => {
    const sink = new SlowSink();
    await writeExport(
      readTableBatches(dataSource, table, { from: '2026-01-01', to: '2026-01-01' }),
      sink,
      {
        format: 'json',
        table,
        metadata: { exportedAt: '2026-03-15T12:00:00.000Z', exportedBy: 'a@x.org', version: '1.0' },
      },
    );
    const parsed = JSON.parse(sink.chunks.join(''));
    expect(parsed.metadata).toEqual({
      exportedAt: '2026-03-15T12:00:00.000Z',
      exportedBy: 'a@x.org',
      version: '1.0',
    });
    expect(parsed.data.entries).toHaveLength(240);
    expect(Object.keys(parsed.data.entries[0])).toEqual(['id', 'note', 'created_at']);
  });

  it('stops reading and ends its transaction when the reader goes away', async () => {
    const sink = new SlowSink();
    const batches = readTableBatches(dataSource, table, { from: null, to: null }, 100);
    const writing = writeExport(batches, sink, { format: 'csv', table, metadata: null });
    sink.destroy();
    await expect(writing).rejects.toThrow('aborted');
    await batches.return(undefined);
    const [open] = await dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(open.n).toBe(0);
  });
});
