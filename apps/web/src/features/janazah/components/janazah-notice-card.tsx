import { useMutation } from '@apollo/client/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminOpsMessages, JanazahMessages, JanazahPageMessages, mapLink } from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { DetailList, useJanazahMoment } from '@jibs/web-ui';
import { useState } from 'react';
import {
  AttendJanazahDocument,
  UnattendJanazahDocument,
  type JanazahNoticeItemFragment,
} from '../../../gql/graphql';
import { downloadJanazahIcs } from '../utils/janazah-calendar';

/**
 * One notice: when (both calendars, in the masjid's zone), where (with a plain OpenStreetMap link
 * built from the masjid's address only), the burial, the family contact when the server sent it
 * (members only), an .ics download, and 'I will attend' for signed-in members.
 */
export function JanazahNoticeCard({
  notice,
  signedIn,
}: {
  notice: JanazahNoticeItemFragment;
  signedIn: boolean;
}) {
  const {
    JanazahPageMessages: text,
    JanazahMessages: janazah,
    AdminOpsMessages: ops,
  } = useMessages({ JanazahPageMessages, JanazahMessages, AdminOpsMessages });
  const moment = useJanazahMoment();
  const [attend] = useMutation(AttendJanazahDocument);
  const [unattend] = useMutation(UnattendJanazahDocument);
  const [busy, setBusy] = useState(false);
  const cancelled = notice.status === 'cancelled';
  // The moment the card first showed: a notice does not flip state while it is read.
  const [now] = useState(() => Date.now());
  const upcoming = !cancelled && Date.parse(notice.prayerAt) > now;
  const titleId = `janazah-${notice.id}`;

  const toggle = async () => {
    setBusy(true);
    try {
      if (notice.attending) await unattend({ variables: { id: notice.id } });
      else {
        await attend({ variables: { id: notice.id } });
        notifications.show({ color: 'green', message: janazah.attending });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: actionErrorMessage(toApiError(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} size="h4" id={titleId}>
            {text.prayerFor(notice.deceasedName)}
          </Title>
          <Group gap="xs">
            {cancelled && (
              <Badge color="red.9" variant="light">
                {text.cancelled}
              </Badge>
            )}
            <Badge color={notice.visibility === 'public' ? 'jibs' : 'gray'} variant="light">
              {notice.visibility === 'public' ? text.publicBadge : ops.noticeMembersOnly}
            </Badge>
          </Group>
        </Group>
        {cancelled && notice.cancelReason && (
          <Text c="red.9">{text.cancelledBecause(notice.cancelReason)}</Text>
        )}
        <DetailList
          compact
          items={[
            { label: text.when, value: moment(notice.prayerAt, notice.timeZone) },
            {
              label: text.masjid,
              value: (
                <>
                  {notice.masjidName}, {notice.masjidAddress}{' '}
                  <Anchor
                    href={mapLink(notice.masjidAddress)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {text.map}
                  </Anchor>
                </>
              ),
            },
            { label: text.burial, value: notice.burialPlace },
            ...(notice.familyContact
              ? [{ label: ops.familyContact, value: notice.familyContact }]
              : []),
            ...(notice.note ? [{ label: text.note, value: notice.note }] : []),
          ]}
        />
        <Text size="sm" c="gray.7" aria-live="polite">
          {text.attendees(notice.attendeeCount)}
        </Text>
        {!cancelled && (
          <Group gap="sm">
            {upcoming && (
              <Button variant="default" onClick={() => downloadJanazahIcs(notice)}>
                {text.addToCalendar}
              </Button>
            )}
            {upcoming && signedIn && (
              <Button
                onClick={() => void toggle()}
                loading={busy}
                variant={notice.attending ? 'light' : 'filled'}
                aria-pressed={notice.attending}
              >
                {notice.attending ? text.attendingUndo : text.willAttend}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
