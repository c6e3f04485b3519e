import { ClientMessages, DashboardMessages, PaymentMessages, ActionMessages } from '@jibs/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import {
  MarkNotificationsReadDocument,
  NotificationAddedDocument,
  NotificationsDocument,
  type NotificationItemFragment,
  type NotificationType,
} from '../../../gql/graphql';
import { BellIcon } from '../../../shared/components/icons';
import { bellAriaLabel, relativeTime, unreadBadgeLabel } from '../utils/notification-format';
import { useLanguage, useMessages } from '@jibs/web-data';
import type { Locale } from '@jibs/i18n';
import {
  latestFirst,
  withNotificationAdded,
  withNotificationsRead,
} from '../utils/notifications-cache';
import classes from './notification-bell.module.css';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';

/** The bell's messages: its own, and the catalogue's 'Success' and 'Warning'. */
const BELL_MESSAGES = { ActionMessages, ClientMessages, DashboardMessages, PaymentMessages };
type BellMessages = typeof BELL_MESSAGES;

const TYPE_STYLE: Record<NotificationType, { color: string; label: (m: BellMessages) => string }> =
  {
    INFO: { color: 'blue', label: (m) => m.DashboardMessages.information },
    SUCCESS: { color: 'jibs', label: (m) => m.ClientMessages.successTitle },
    WARNING: { color: 'yellow', label: (m) => m.PaymentMessages.profileUpdateFailedTitle },
    ERROR: { color: 'red', label: (m) => m.DashboardMessages.problem },
  };

/** 'Just now', '5m ago' as the spec words them in English; Intl's relative time in the others. */
function when(value: string, now: Date, locale: Locale): string {
  if (locale === 'en') return relativeTime(value, now);
  const minutes = Math.round((new Date(value).getTime() - now.getTime()) / 60_000);
  const format = new Intl.RelativeTimeFormat(`${locale}-u-nu-latn`, { numeric: 'auto' });
  if (minutes > -1) return format.format(0, 'minute');
  if (minutes > -60) return format.format(minutes, 'minute');
  if (minutes > -60 * 24) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(Math.round(minutes / (60 * 24)), 'day');
}

const REPLAY_WINDOW_MS = 5 * 60_000;

/** The header's bell: unread count, the latest notifications, live additions. */
export function NotificationBell() {
  const {
    ActionMessages: actions,
    ClientMessages: client,
    DashboardMessages: text,
  } = useMessages(BELL_MESSAGES);
  const [opened, setOpened] = useState(false);
  const [now, setNow] = useState(() => new Date());
  const { data, loading, error, refetch } = useQuery(NotificationsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [markRead] = useMutation(MarkNotificationsReadDocument);

  // Anything created since shortly before the list was loaded is replayed when the subscription
  // starts (and after each reconnect), so a notification created while it was being set up is
  // not missed; the cache update ignores the ones already listed.
  const [since] = useState(() => new Date(Date.now() - REPLAY_WINDOW_MS).toISOString());
  useSubscription(NotificationAddedDocument, {
    variables: { since },
    onData: ({ client, data: result }) => {
      const added = result.data?.notificationAdded;
      if (!added) return;
      client.cache.updateQuery({ query: NotificationsDocument }, (current) =>
        current ? withNotificationAdded(current, added) : current,
      );
    },
  });

  // Relative times stay true while the list is open.
  useEffect(() => {
    if (!opened) return;
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [opened]);

  const toggle = () => {
    if (!opened) setNow(new Date());
    setOpened(!opened);
  };

  const unread = data?.unreadNotificationCount ?? 0;
  const badge = unreadBadgeLabel(unread);
  const items = data ? latestFirst(data.notifications) : [];

  const markAsRead = (ids: string[] | null) => {
    markRead({
      variables: ids ? { ids } : {},
      optimisticResponse: { markNotificationsRead: ids ? ids.length : unread },
      update: (cache) =>
        cache.updateQuery({ query: NotificationsDocument }, (current) =>
          current ? withNotificationsRead(current, ids) : current,
        ),
    }).catch(() => {
      toasts.show({
        color: 'red',
        title: text.notificationsNotUpdated,
        message: text.tryAgainSoon,
      });
    });
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <ActionIcon
          className={classes.bell}
          variant="subtle"
          color="gray"
          size={44}
          radius="xl"
          aria-label={bellAriaLabel(unread, text)}
          data-testid="notification-bell"
          onClick={toggle}
        >
          <BellIcon size={24} />
          {badge && (
            <Badge
              className={classes.badge}
              size="sm"
              color="red"
              variant="filled"
              circle={badge.length === 1}
              aria-hidden
              data-testid="notification-badge"
            >
              {badge}
            </Badge>
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={text.notifications}>
        <Group justify="space-between" px="md" py="sm" className={classes.heading}>
          <Text fw={600}>{text.notifications}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            onClick={() => markAsRead(null)}
            data-testid="notifications-mark-all"
          >
            {text.markAllRead}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={440} type="auto" offsetScrollbars="y">
          {loading && !data ? (
            <Center py="xl" role="status">
              <Loader size="sm" aria-hidden />
              <VisuallyHidden>{text.loadingNotifications}</VisuallyHidden>
            </Center>
          ) : error && !data ? (
            <Alert color="red" variant="light" m="md" title={client.notificationsLoadFailed}>
              <Button variant="light" color="red" size="compact-sm" onClick={() => refetch()}>
                {actions.tryAgain}
              </Button>
            </Alert>
          ) : items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" px="md">
              {text.noNotifications}
            </Text>
          ) : (
            <Stack gap={0} component="ul" className={classes.list}>
              {items.map((item) => (
                <li key={item.id}>
                  <NotificationRow
                    item={item}
                    now={now}
                    onRead={() => !item.read && markAsRead([item.id])}
                  />
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationRow({
  item,
  now,
  onRead,
}: {
  item: NotificationItemFragment;
  now: Date;
  onRead: () => void;
}) {
  const messages = useMessages(BELL_MESSAGES);
  const { locale } = useLanguage();
  const style = TYPE_STYLE[item.type] ?? TYPE_STYLE.INFO;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={!item.read || undefined}
      data-testid="notification-item"
      onClick={onRead}
      style={{ '--type-color': `var(--mantine-color-${style.color}-6)` } as React.CSSProperties}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <span className={classes.dot} aria-hidden />
        <Box flex={1} miw={0}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text fw={item.read ? 500 : 700} size="sm" lineClamp={2}>
              <VisuallyHidden>
                {item.read ? '' : `${messages.DashboardMessages.unread} `}
                {style.label(messages)}:{' '}
              </VisuallyHidden>
              {item.title}
            </Text>
            <Text
              component="time"
              dateTime={item.createdAt}
              title={new Date(item.createdAt).toLocaleString(locale)}
              size="xs"
              c="dimmed"
              className={classes.time}
            >
              {when(item.createdAt, now, locale)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt={2}>
            {item.message}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
