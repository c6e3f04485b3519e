/** Whole seconds from `now` until `until` (an ISO time), never negative; 0 when unreadable. */
export function secondsUntil(until: string, now: Date = new Date()): number {
  const ms = new Date(until).getTime() - now.getTime();
  return Number.isNaN(ms) || ms <= 0 ? 0 : Math.ceil(ms / 1000);
}

/** A short countdown for a button: 65 → "1:05", 9 → "0:09". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The same wait in words, for screen readers: 65 → "1 minute 5 seconds". */
export function describeCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (rest || !minutes) parts.push(`${rest} second${rest === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** The wait in words in an Intl locale ("1 minute 5 seconds", "دقيقة واحدة و5 ثوانٍ"). */
export function describeCountdownIn(intlLocale: string, totalSeconds: number): string {
  if (intlLocale.startsWith('en')) return describeCountdown(totalSeconds);
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(intlLocale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(
      value,
    );
  const parts: string[] = [];
  if (minutes) parts.push(unit(minutes, 'minute'));
  if (rest || !minutes) parts.push(unit(rest, 'second'));
  return new Intl.ListFormat(intlLocale, { type: 'conjunction' }).format(parts);
}
