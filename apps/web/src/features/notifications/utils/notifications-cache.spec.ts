import type { NotificationItemFragment, NotificationsQuery } from '../../../gql/graphql';
import {
  BELL_LIST_SIZE,
  latestFirst,
  withNotificationAdded,
  withNotificationsRead,
} from './notifications-cache';

const aNotification = (
  id: string,
  overrides: Partial<NotificationItemFragment> = {},
): NotificationItemFragment => ({
  __typename: 'Notification',
  id,
  title: `Title ${id}`,
  message: `Message ${id}`,
  type: 'INFO',
  read: false,
  createdAt: '2026-03-10T12:00:00.000Z',
  ...overrides,
});

const data = (items: NotificationItemFragment[], unread: number): NotificationsQuery => ({
  notifications: items,
  unreadNotificationCount: unread,
});

describe('latestFirst', () => {
  it('orders newest first and keeps at most the list size', () => {
    const items = Array.from({ length: BELL_LIST_SIZE + 5 }, (_, i) =>
      aNotification(String(i), { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
    );
    const result = latestFirst(items);
    expect(result).toHaveLength(BELL_LIST_SIZE);
    expect(result[0].id).toBe(String(BELL_LIST_SIZE + 4));
    expect(result.at(-1)?.id).toBe('5');
  });
});

describe('withNotificationAdded', () => {
  it('puts the new notification first and counts it when unread', () => {
    const before = data([aNotification('1', { read: true })], 0);
    const after = withNotificationAdded(before, aNotification('2'));
    expect(after.notifications.map((n) => n.id)).toEqual(['2', '1']);
    expect(after.unreadNotificationCount).toBe(1);
  });

  it('does not count a notification that arrives already read', () => {
    const after = withNotificationAdded(data([], 4), aNotification('2', { read: true }));
    expect(after.unreadNotificationCount).toBe(4);
  });

  it('ignores a notification it already has', () => {
    const before = data([aNotification('1')], 1);
    expect(withNotificationAdded(before, aNotification('1'))).toBe(before);
  });

  it('keeps the list at its size', () => {
    const full = data(
      Array.from({ length: BELL_LIST_SIZE }, (_, i) => aNotification(String(i))),
      BELL_LIST_SIZE,
    );
    const after = withNotificationAdded(full, aNotification('new'));
    expect(after.notifications).toHaveLength(BELL_LIST_SIZE);
    expect(after.notifications[0].id).toBe('new');
    expect(after.unreadNotificationCount).toBe(BELL_LIST_SIZE + 1);
  });
});

describe('withNotificationsRead', () => {
  const before = data(
    [aNotification('1'), aNotification('2'), aNotification('3', { read: true })],
    7,
  );

  it('marks the given notifications read and lowers the count by those that were unread', () => {
    const after = withNotificationsRead(before, ['1', '3']);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false, true]);
    expect(after.unreadNotificationCount).toBe(6);
  });

  it('marks everything read and clears the count when no ids are given', () => {
    const after = withNotificationsRead(before, null);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect(after.unreadNotificationCount).toBe(0);
  });

  it('never lets the count go below zero', () => {
    expect(
      withNotificationsRead(data([aNotification('1')], 0), ['1']).unreadNotificationCount,
    ).toBe(0);
  });
});
