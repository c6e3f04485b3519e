import {
  AdminOpsMessages,
  DataExportMessages,
  dateRangeProblem,
  ErrorCode,
  type ExportFormat,
  Messages,
  type FieldErrors,
} from '@jibs/domain';

/** The tables an admin exports (spec 3), each streamed by the service that owns it. */
export const EXPORT_TABLES = [
  { table: 'profiles', label: 'tableProfiles', description: 'tableProfilesText' },
  { table: 'death_reports', label: 'tableDeathReports', description: 'tableDeathReportsText' },
  { table: 'documents', label: 'tableDocuments', description: 'tableDocumentsText' },
  { table: 'payments', label: 'tablePayments', description: 'tablePaymentsText' },
  {
    table: 'notifications',
    label: 'tableNotifications',
    description: 'tableNotificationsText',
  },
  { table: 'ledger_entries', label: 'tableLedger', description: 'tableLedgerText' },
] as const satisfies readonly {
  table: string;
  /** Keys of AdminOpsMessages: the screens read them in the reader's language. */
  label: keyof typeof AdminOpsMessages;
  description: keyof typeof AdminOpsMessages;
}[];

/** A table's name in the reader's language (`ops`: AdminOpsMessages, localized). */
export function exportTableLabel(ops: typeof AdminOpsMessages, table: ExportTableName): string {
  const entry = EXPORT_TABLES.find((candidate) => candidate.table === table);
  return entry ? ops[entry.label] : table;
}

export type ExportTableName = (typeof EXPORT_TABLES)[number]['table'];

export interface AdminExportOptions {
  format: ExportFormat;
  includeMetadata: boolean;
  /** Both or neither (YYYY-MM-DD). */
  start: string;
  end: string;
}

/** The gateway's route to the owner: `/api/export/admin/:table?format=&from=&to=&metadata=`. */
export function adminExportUrl(table: ExportTableName, options: AdminExportOptions): string {
  const query = new URLSearchParams({ format: options.format });
  if (options.includeMetadata) query.set('metadata', 'true');
  if (options.start || options.end) {
    query.set('from', options.start);
    query.set('to', options.end);
  }
  return `/api/export/admin/${table}?${query.toString()}`;
}

/** The date range's problem for the dialog (the server checks the same rules), or null. */
export function rangeProblem(
  useRange: boolean,
  start: string,
  end: string,
  today?: Date,
): string | null {
  if (!useRange) return null;
  if (!start || !end) return DataExportMessages.dateRangeIncomplete;
  return dateRangeProblem({ start, end }, today);
}

/** The file name the service chose (Content-Disposition), else one of our own. */
export function exportFilename(
  contentDisposition: string | null,
  table: string,
  format: ExportFormat,
): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? `jibs-${table}.${format}`;
}

/** A failed export: the server's code (matched, never its wording) and what to show. */
export interface ExportFailure {
  code?: string;
  message: string;
  fieldErrors: FieldErrors;
}

/** Reads an error answer (`{ errors: [{ message, extensions: { code, fieldErrors } }] }`). */
export async function exportFailure(response: Response): Promise<ExportFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const first = (body as { errors?: { message?: string; extensions?: Record<string, unknown> }[] })
    ?.errors?.[0];
  const code =
    typeof first?.extensions?.['code'] === 'string' ? first.extensions['code'] : undefined;
  const fieldErrors =
    code === ErrorCode.BadUserInput && first?.extensions?.['fieldErrors']
      ? (first.extensions['fieldErrors'] as FieldErrors)
      : {};
  const message =
    (code === ErrorCode.BadUserInput || code === ErrorCode.RateLimited) && first?.message
      ? first.message
      : code === ErrorCode.Forbidden
        ? Messages.forbidden
        : code === ErrorCode.Unauthenticated
          ? Messages.sessionExpired
          : DataExportMessages.exportFailed;
  return { code, message, fieldErrors };
}
