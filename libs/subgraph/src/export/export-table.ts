/** One column of an exported table: its name in the file and the SQL that reads it. */
export interface ExportColumn {
  name: string;
  /** An expression over the table's alias `t`, e.g. `t.amount` or `t.first_name || ' ' || t.last_name`. */
  sql: string;
}

/**
 * A table an admin may export (spec 3: profiles, death_reports, documents, payments,
 * notifications), declared by the service that owns it. Only the declared columns are read:
 * nothing else (password hashes, secrets, tokens, file bytes) can reach a file.
 */
export interface ExportTable {
  /** The name in the URL, the file and the audit trail, e.g. 'payments'. */
  name: string;
  /** The SQL relation read, e.g. 'payments' or 'accounts'. */
  relation: string;
  columns: readonly ExportColumn[];
  /** The unique, orderable key the keyset read pages on (default `id`). */
  idColumn?: string;
  /** Its SQL type (default `uuid`). */
  idType?: string;
  /** What the date range filters on (default `created_at`, a timestamptz). */
  createdAtColumn?: string;
}
