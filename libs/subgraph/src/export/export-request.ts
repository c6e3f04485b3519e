import {
  DataExportMessages,
  DATA_EXPORT_VERSION,
  DomainError,
  EXPORT_FORMATS,
  latestDateOnEarth,
  type ExportFormat,
} from '@jibs/domain';

/** What an admin asked for: `GET /export/admin/:table?format=&from=&to=&metadata=`. */
export interface AdminExportRequest {
  format: ExportFormat;
  /** Calendar days (YYYY-MM-DD, UTC), both or neither, inclusive. */
  from: string | null;
  to: string | null;
  metadata: boolean;
}

export const ADMIN_EXPORT_VERSION = DATA_EXPORT_VERSION;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return '\u0000';
  return value.trim();
}

/**
 * Reads and checks the query (spec 5, Export): the format is json or csv; a date range has both
 * ends or neither, real dates, none in the future (the latest date anywhere on Earth, so that no
 * admin's today is refused), and the start not after the end. Throws BAD_USER_INPUT with the
 * spec's message for the field at fault.
 */
export function parseAdminExportRequest(
  query: Record<string, unknown>,
  now: Date = new Date(),
): AdminExportRequest {
  const format = single(query['format']) || 'json';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw DomainError.badInput({ format: 'Please choose json or csv' });
  }
  const metadataText = single(query['metadata']) ?? 'false';
  if (!['true', 'false', '1', '0', ''].includes(metadataText)) {
    throw DomainError.badInput({ metadata: 'Please answer true or false' });
  }
  const from = single(query['from']) || null;
  const to = single(query['to']) || null;
  if ((from && !to) || (!from && to)) {
    throw DomainError.badInput({ [from ? 'to' : 'from']: DataExportMessages.dateRangeIncomplete });
  }
  if (from && to) {
    if (!isCalendarDate(from)) throw DomainError.badInput({ from: DataExportMessages.invalidDate });
    if (!isCalendarDate(to)) throw DomainError.badInput({ to: DataExportMessages.invalidDate });
    const latest = latestDateOnEarth(now);
    if (from > latest) throw DomainError.badInput({ from: DataExportMessages.dateInFuture });
    if (to > latest) throw DomainError.badInput({ to: DataExportMessages.dateInFuture });
    if (from > to) throw DomainError.badInput({ from: DataExportMessages.startAfterEnd });
  }
  return {
    format: format as ExportFormat,
    from,
    to,
    metadata: metadataText === 'true' || metadataText === '1',
  };
}

/** `jibs-<table>-<day>[-from-to].<format>` (the client names the saved file after it). */
export function adminExportFilename(
  table: string,
  request: AdminExportRequest,
  now: Date = new Date(),
): string {
  const range = request.from && request.to ? `-${request.from}-to-${request.to}` : '';
  return `jibs-${table}-${now.toISOString().slice(0, 10)}${range}.${request.format}`;
}
