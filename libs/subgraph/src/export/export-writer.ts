import type { Writable } from 'node:stream';
import type { ExportFormat } from '@jibs/domain';
import { csvRecord } from './csv';
import type { ExportTable } from './export-table';

/** The spec's optional metadata (spec 3, Export bundle). */
export interface ExportMetadata {
  exportedAt: string;
  exportedBy: string;
  version: string;
}

export interface ExportWriteOptions {
  format: ExportFormat;
  table: ExportTable;
  metadata: ExportMetadata | null;
}

/** The reader of the response went away before the export was written. */
export class ExportAbortedError extends Error {
  constructor() {
    super('the export was aborted by its reader');
  }
}

/** Writes a chunk, and when the stream's buffer is full waits until it drains (backpressure). */
async function write(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new ExportAbortedError();
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', drained);
      out.off('close', gone);
      out.off('error', gone);
    };
    const drained = () => {
      cleanup();
      resolve();
    };
    const gone = () => {
      cleanup();
      reject(new ExportAbortedError());
    };
    out.once('drain', drained);
    out.once('close', gone);
    out.once('error', gone);
  });
}

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Writes the export as it is read, one batch per write, and ends the stream. JSON:
 * `{"metadata": {...}, "data": {"<table>": [rows]}}` (metadata only when asked, like the member
 * export); CSV (RFC 4180): the metadata as name,value records and a blank line when asked, then
 * a header of the declared columns and one record per row. Returns the number of rows.
 */
export async function writeExport(
  batches: AsyncIterable<Record<string, unknown>[]>,
  out: Writable,
  { format, table, metadata }: ExportWriteOptions,
): Promise<number> {
  const names = table.columns.map((column) => column.name);
  let rows = 0;
  if (format === 'json') {
    const head = metadata ? `"metadata":${JSON.stringify(metadata)},` : '';
    await write(out, `{${head}"data":{${JSON.stringify(table.name)}:[`);
    for await (const batch of batches) {
      let chunk = '';
      for (const row of batch) {
        const record = Object.fromEntries(names.map((name) => [name, jsonValue(row[name])]));
        chunk += `${rows === 0 ? '' : ','}\n${JSON.stringify(record)}`;
        rows += 1;
      }
      await write(out, chunk);
    }
    await write(out, '\n]}}\n');
  } else {
    let head = '';
    if (metadata) {
      for (const [name, value] of Object.entries(metadata)) head += csvRecord([name, value]);
      head += '\r\n';
    }
    await write(out, head + csvRecord(names));
    for await (const batch of batches) {
      let chunk = '';
      for (const row of batch) chunk += csvRecord(names.map((name) => row[name]));
      rows += batch.length;
      await write(out, chunk);
    }
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return rows;
}
