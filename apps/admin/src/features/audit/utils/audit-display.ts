import { formatDateTime } from '@jibs/domain';

/** How the audit trail reads: actions and services in words, changes as 'field: old → new'. */

/** 'death_report.approved' → 'Death report approved'. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'jibs/cases' → 'Cases'. */
export function serviceLabel(service: string): string {
  const name = service.replace(/^jibs\//, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function parse(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** How a change's values read: moments in the reader's language, and their word for none. */
export interface ChangeWords {
  moment(value: string): string;
  none: string;
}

const ENGLISH: ChangeWords = { moment: formatDateTime, none: 'none' };

function show(value: unknown, words: ChangeWords): string {
  if (value === undefined) return '—';
  if (value === null) return words.none;
  if (typeof value === 'string') return ISO_TIME.test(value) ? words.moment(value) : value;
  return JSON.stringify(value);
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

/** The fields that differ between before and after (or all of them when one side is empty). */
export function changesOf(
  before: string | null | undefined,
  after: string | null | undefined,
  words: ChangeWords = ENGLISH,
) {
  const old = parse(before);
  const next = parse(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return fields
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(next[field]))
    .map((field): Change => ({
      field,
      before: show(old[field], words),
      after: show(next[field], words),
    }));
}

/** A date input's 'YYYY-MM-DD' as the start of that day (local time), or undefined. */
export function dayStart(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The day after a 'YYYY-MM-DD' (the filter's 'to' is exclusive), or undefined. */
export function dayEnd(value: string): string | undefined {
  const start = dayStart(value);
  if (!start) return undefined;
  const date = new Date(start);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}
