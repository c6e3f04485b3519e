import { DashboardMessages } from '@jibs/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now', 'Xm ago', 'Xh ago' or 'Xd ago' (spec 9); times in the future read 'Just now'. */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(value).getTime();
  if (!(elapsed >= MINUTE)) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/** The bell badge: nothing at zero, '99+' above 99. */
export function unreadBadgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name, which carries the unread count the badge shows. */
export function bellAriaLabel(
  count: number,
  messages: Pick<
    typeof DashboardMessages,
    'notifications' | 'unreadNotifications'
  > = DashboardMessages,
): string {
  const badge = unreadBadgeLabel(count);
  return badge ? messages.unreadNotifications(badge) : messages.notifications;
}
