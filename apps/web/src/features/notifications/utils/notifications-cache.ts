import type { NotificationItemFragment, NotificationsQuery } from '../../../gql/graphql';

/** How many notifications the bell lists (spec 9). */
export const BELL_LIST_SIZE = 20;

/** Newest first, at most BELL_LIST_SIZE. */
export function latestFirst(
  items: readonly NotificationItemFragment[],
): NotificationItemFragment[] {
  return [...items]
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .slice(0, BELL_LIST_SIZE);
}

/** A notification that arrived live goes first and, if unread, adds one to the count. */
export function withNotificationAdded(
  data: NotificationsQuery,
  added: NotificationItemFragment,
): NotificationsQuery {
  if (data.notifications.some((n) => n.id === added.id)) return data;
  return {
    ...data,
    notifications: [added, ...data.notifications].slice(0, BELL_LIST_SIZE),
    unreadNotificationCount: data.unreadNotificationCount + (added.read ? 0 : 1),
  };
}

/** Marks the given notifications (all of them when `ids` is null) read. */
export function withNotificationsRead(
  data: NotificationsQuery,
  ids: readonly string[] | null,
): NotificationsQuery {
  const targets = ids ? new Set(ids) : null;
  let newlyRead = 0;
  const notifications = data.notifications.map((n) => {
    if (n.read || (targets && !targets.has(n.id))) return n;
    newlyRead += 1;
    return { ...n, read: true };
  });
  return {
    ...data,
    notifications,
    unreadNotificationCount: targets ? Math.max(0, data.unreadNotificationCount - newlyRead) : 0,
  };
}
