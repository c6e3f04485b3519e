const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date as stored (YYYY-MM-DD), in words: "March 4, 1980". Read as UTC so no time
 * zone moves it to the day before. Anything unreadable is shown as it is.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}

const localLongDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A moment (ISO date-time) as the member's local day in words: "March 4, 2026". */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : localLongDate.format(date);
}
