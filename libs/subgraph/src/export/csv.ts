/**
 * One CSV record (RFC 4180): cells joined by commas, a cell quoted when it holds a comma, a
 * quote or a line break (quotes doubled), CRLF at the end. A text cell a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 * apostrophe so that it stays text.
 */
export function csvRecord(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
