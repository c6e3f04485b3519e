import {
  DataExportMessages,
  dateRangeProblem,
  ErrorCode,
  type ExportFormat,
  Messages,
  type FieldErrors,
} from '@jibs/domain';

/** The tables an admin exports (spec 3), each streamed by the service that owns it. */
export const EXPORT_TABLES = [
  {
    table: 'profiles',
    label: 'Profiles',
    description: 'Members and admins: contact details, address, role (never passwords or secrets).',
  },
  {
    table: 'death_reports',
    label: 'Death reports',
    description: 'Every report with its review status, notes and dates.',
  },
  {
    table: 'documents',
    label: 'Documents',
    description: 'Document details and review status (the files themselves are not included).',
  },
  {
    table: 'payments',
    label: 'Payments',
    description: 'Every payment: amount in cents, status and type.',
  },
  {
    table: 'notifications',
    label: 'Notifications',
    description: 'What members were told in the app, and whether they read it.',
  },
  {
    table: 'ledger_entries',
    label: 'Fund ledger',
    description:
      "The fund's books: every amount in and out in cents (out negative), its kind and source.",
  },
] as const;

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
