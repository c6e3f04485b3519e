import { DateTexts } from './date-texts';

/**
 * A member's data export (spec 2 "Data export dialog", 5 "Export"). The client assembles the
 * bundle from the member's own queries (each service enforces ownership) and this builds the
 * file: pure, so the dialog, the tests and any later server export agree on the format.
 */

export type ExportFormat = 'json' | 'csv';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'csv'];
export const DATA_EXPORT_VERSION = '1.0';

export const DataExportMessages = {
  userIdRequired: 'User ID is required for export',
  dateRangeIncomplete: 'Please choose both a start date and an end date',
  invalidDate: DateTexts.invalidDate,
  dateInFuture: 'Dates cannot be in the future',
  startAfterEnd: 'The start date cannot be after the end date',
  exportSuccessTitle: 'Export Successful',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'We could not export your data. Please try again.',
} as const;

/** 'Data exported as {filename}' (spec 8). */
export function exportedAsMessage(filename: string): string {
  return `Data exported as ${filename}`;
}

/** One row of a section: any flat-ish record; `createdAt` (ISO) is what the date range filters. */
export type ExportRecord = { createdAt?: string | null } & Record<string, unknown>;

/** Named sections: a single record (the profile) or a list (payments, notifications, ...). */
export type DataExportBundle = Record<string, ExportRecord | readonly ExportRecord[] | null>;

/** The member export's sections, in this order (spec 2, Data export). */
export const MEMBER_EXPORT_SECTIONS = [
  'profile',
  'deathReports',
  'documents',
  'payments',
  'notifications',
] as const;

export type MemberExportSection = (typeof MEMBER_EXPORT_SECTIONS)[number];

/**
 * The member's bundle with exactly the spec's sections. The household belongs to the profile;
 * a section whose service does not exist yet (death reports, documents) is an empty list.
 */
export function memberExportBundle(parts: {
  profile: ExportRecord | null;
  household?: readonly ExportRecord[] | null;
  deathReports?: readonly ExportRecord[] | null;
  documents?: readonly ExportRecord[] | null;
  payments?: readonly ExportRecord[] | null;
  notifications?: readonly ExportRecord[] | null;
}): Record<MemberExportSection, ExportRecord | readonly ExportRecord[] | null> {
  return {
    profile: parts.profile ? { ...parts.profile, household: parts.household ?? [] } : null,
    deathReports: parts.deathReports ?? [],
    documents: parts.documents ?? [],
    payments: parts.payments ?? [],
    notifications: parts.notifications ?? [],
  };
}

/** Calendar dates, YYYY-MM-DD, in the member's own time zone; both or neither. */
export interface ExportDateRange {
  start?: string | null;
  end?: string | null;
}

export interface DataExportOptions {
  format: ExportFormat;
  includeMetadata: boolean;
  /** Whose data this is (the signed-in member's id); required. */
  userId: string;
  /** Shown as exportedBy in the metadata (the member's email, else the id). */
  exportedBy?: string | null;
  dateRange?: ExportDateRange | null;
  /** The moment of the export; defaults to now. */
  now?: Date;
}

export interface DataExport {
  content: string;
  filename: string;
  mimeType: string;
}

export class DataExportError extends Error {}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseCalendarDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const real =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? date : null;
}

/** YYYY-MM-DD of `date` in the local time zone. */
export function localCalendarDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The date range rules (spec 5): when the filter is on, both dates are required, neither may be
 * in the future, and the start may not be after the end. Null when the range is usable or off.
 */
export function dateRangeProblem(
  range: ExportDateRange | null | undefined,
  today: Date = new Date(),
): string | null {
  if (!range) return null;
  const start = range.start?.trim() ?? '';
  const end = range.end?.trim() ?? '';
  if (!start && !end) return null;
  if (!start || !end) return DataExportMessages.dateRangeIncomplete;
  if (!parseCalendarDate(start) || !parseCalendarDate(end)) return DataExportMessages.invalidDate;
  const todayText = localCalendarDate(today);
  if (start > todayText || end > todayText) return DataExportMessages.dateInFuture;
  if (start > end) return DataExportMessages.startAfterEnd;
  return null;
}

/** Whether a record's `createdAt` falls on a day within the range (inclusive, local days). */
function withinRange(record: ExportRecord, start: string, end: string): boolean {
  if (!record.createdAt) return false;
  const created = new Date(record.createdAt);
  if (Number.isNaN(created.getTime())) return false;
  const day = localCalendarDate(created);
  return day >= start && day <= end;
}

function filterBundle(bundle: DataExportBundle, range: ExportDateRange | null | undefined) {
  const start = range?.start?.trim();
  const end = range?.end?.trim();
  if (!start || !end) return bundle;
  const filtered: DataExportBundle = {};
  for (const [name, section] of Object.entries(bundle)) {
    // Lists are filtered by date; a single record (the profile) is always included.
    filtered[name] = Array.isArray(section)
      ? section.filter((record: ExportRecord) => withinRange(record, start, end))
      : section;
  }
  return filtered;
}

/** Builds the export file, or throws DataExportError with the user-facing message. */
export function buildDataExport(bundle: DataExportBundle, options: DataExportOptions): DataExport {
  const now = options.now ?? new Date();
  if (!options.userId?.trim()) throw new DataExportError(DataExportMessages.userIdRequired);
  const problem = dateRangeProblem(options.dateRange, now);
  if (problem) throw new DataExportError(problem);

  const data = filterBundle(bundle, options.dateRange);
  const metadata = options.includeMetadata
    ? {
        exportedAt: now.toISOString(),
        exportedBy: options.exportedBy?.trim() || options.userId,
        version: DATA_EXPORT_VERSION,
      }
    : null;
  const filename = `jibs-data-export-${localCalendarDate(now)}.${options.format}`;

  if (options.format === 'json') {
    const content = JSON.stringify(metadata ? { metadata, data } : { data }, null, 2);
    return { content, filename, mimeType: 'application/json' };
  }
  return { content: toCsv(data, metadata), filename, mimeType: 'text/csv;charset=utf-8' };
}

/**
 * CSV: optional metadata rows (name, value), a blank line, then one table of every record with
 * its section first and the union of the sections' fields as columns.
 */
function toCsv(data: DataExportBundle, metadata: Record<string, string> | null): string {
  const rows: { section: string; record: ExportRecord }[] = [];
  for (const [section, value] of Object.entries(data)) {
    if (!value) continue;
    const records: readonly ExportRecord[] = Array.isArray(value) ? value : [value as ExportRecord];
    for (const record of records) rows.push({ section, record });
  }
  const columns: string[] = [];
  for (const { record } of rows) {
    for (const key of Object.keys(record)) {
      if (key !== '__typename' && !columns.includes(key)) columns.push(key);
    }
  }
  const lines: string[] = [];
  if (metadata) {
    for (const [key, value] of Object.entries(metadata)) lines.push(csvLine([key, value]));
    lines.push('');
  }
  lines.push(csvLine(['section', ...columns]));
  for (const { section, record } of rows) {
    lines.push(csvLine([section, ...columns.map((column) => record[column])]));
  }
  return lines.join('\r\n') + '\r\n';
}

function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(',');
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell a spreadsheet would run as a formula is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
