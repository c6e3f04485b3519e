import { useQuery } from '@apollo/client/react';
import { Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { AdminOpsMessages, formatMomentBothCalendars } from '@jibs/domain';
import { formatDate } from '@jibs/i18n';
import { useLanguage, useMessages } from '@jibs/web-data';
import { DetailList, SectionLoader } from '@jibs/web-ui';
import { AdminJanazahNoticesDocument } from '../../../gql/graphql';
import { LoadFailedAlert } from '../../../shared/components/load-failed-alert';
import { PageHeader } from '../../../shared/components/page-header';
import { AdminJanazahControls } from '../components/admin-janazah-controls';

/** /admin/janazah: upcoming and recent notices, with who will attend; edit or cancel them. */
export function JanazahNoticesPage() {
  const { data, loading, error, refetch } = useQuery(AdminJanazahNoticesDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const notices = data?.janazahNotices;
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const { locale } = useLanguage();
  // The prayer's time where it is held, with its Hijri date (English as it always read).
  const prayerTime = (at: string, timeZone: string) =>
    locale === 'en'
      ? formatMomentBothCalendars(at, timeZone)
      : formatDate(at, { locale, hijri: true, time: true, timeZone });
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.janazahTitle} description={ops.janazahDescription} />
        {error && (
          <LoadFailedAlert message={ops.janazahLoadFailed} onRetry={() => void refetch()} />
        )}
        {!notices && loading ? (
          <SectionLoader label={ops.loadingJanazah} />
        ) : notices && notices.length === 0 ? (
          <Card withBorder padding="xl">
            <Text ta="center">{ops.noJanazahNotices}</Text>
          </Card>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notices?.map((notice) => (
              <li key={notice.id}>
                <Card
                  withBorder
                  padding="lg"
                  radius="md"
                  component="article"
                  aria-labelledby={`notice-${notice.id}`}
                >
                  <Stack gap="md">
                    <Group justify="space-between" align="flex-start" wrap="wrap">
                      <Title order={2} size="h3" id={`notice-${notice.id}`}>
                        {notice.deceasedName}
                      </Title>
                      <Group gap="xs">
                        <Badge variant="light" color={notice.status === 'active' ? 'jibs' : 'red'}>
                          {notice.status === 'active' ? ops.noticeActive : ops.noticeCancelled}
                        </Badge>
                        <Badge variant="light" color="gray">
                          {notice.visibility === 'public'
                            ? ops.noticePublic
                            : ops.noticeMembersOnly}
                        </Badge>
                      </Group>
                    </Group>
                    <DetailList
                      compact
                      items={[
                        {
                          label: ops.when,
                          value: prayerTime(notice.prayerAt, notice.timeZone),
                        },
                        {
                          label: ops.masjid,
                          value: `${notice.masjidName}, ${notice.masjidAddress}`,
                        },
                        { label: ops.burial, value: notice.burialPlace },
                        { label: ops.familyContact, value: notice.familyContact || ops.none },
                        { label: ops.note, value: notice.note || ops.none },
                        ...(notice.cancelReason
                          ? [{ label: ops.cancelledBecause, value: notice.cancelReason }]
                          : []),
                        {
                          label: ops.attending(notice.attendeeCount),
                          value: notice.attendees.length
                            ? notice.attendees
                                .map(({ member }) => `${member.fullName} (${member.email})`)
                                .join(', ')
                            : ops.noOneYet,
                        },
                      ]}
                    />
                    {notice.status === 'active' && (
                      <AdminJanazahControls
                        reportId={notice.reportId}
                        deceasedName={notice.deceasedName}
                        notice={notice}
                        onChanged={() => refetch()}
                      />
                    )}
                  </Stack>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
