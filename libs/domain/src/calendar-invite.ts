/** What a calendar entry says: an event at a moment, for a while, at a place. */
export interface CalendarInvite {
  /** Stable across updates of the same event, so a calendar replaces it instead of adding one. */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  /** Raised on each update; a cancelled invite removes the entry. */
  sequence?: number;
  cancelled?: boolean;
}

function icsMoment(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 3.1). */
const utf8 = new TextEncoder();
const octets = (text: string) => utf8.encode(text).length;

function fold(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (octets(current + char) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An iCalendar (.ics) file with one event, times in UTC, as mail clients and calendars read it. */
export function buildIcs(invite: CalendarInvite, now = new Date()): string {
  const end = new Date(invite.start.getTime() + invite.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//JIBS//Janazah notices//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence ?? 0}`,
    `DTSTAMP:${icsMoment(now)}`,
    `DTSTART:${icsMoment(invite.start)}`,
    `DTEND:${icsMoment(end)}`,
    `SUMMARY:${icsText(invite.summary)}`,
    `LOCATION:${icsText(invite.location)}`,
    `DESCRIPTION:${icsText(invite.description)}`,
    `STATUS:${invite.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/**
 * A link that opens the address on OpenStreetMap: a plain link, no map script on our pages. Only
 * for addresses a reader may see (never a members-only detail on a public notice).
 */
export function mapLink(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
