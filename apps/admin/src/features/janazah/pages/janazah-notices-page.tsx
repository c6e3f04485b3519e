import { useQuery } from '@apollo/client/react';
import { Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { AdminLayoutMessages, formatMomentBothCalendars } from '@jibs/domain';
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
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={AdminLayoutMessages.janazahNotices}
          description="Upcoming notices and those of the last two weeks. Publish a new one from an approved death report."
        />
        {error && (
          <LoadFailedAlert
            message="Failed to load janazah notices."
            onRetry={() => void refetch()}
          />
        )}
        {!notices && loading ? (
          <SectionLoader label="Loading janazah notices" />
        ) : notices && notices.length === 0 ? (
          <Card withBorder padding="xl">
            <Text ta="center">No janazah notices.</Text>
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
                          {notice.status === 'active' ? 'Active' : 'Cancelled'}
                        </Badge>
                        <Badge variant="light" color="gray">
                          {notice.visibility === 'public' ? 'Public' : 'Members only'}
                        </Badge>
                      </Group>
                    </Group>
                    <DetailList
                      compact
                      items={[
                        {
                          label: 'When',
                          value: formatMomentBothCalendars(notice.prayerAt, notice.timeZone),
                        },
                        {
                          label: 'Masjid',
                          value: `${notice.masjidName}, ${notice.masjidAddress}`,
                        },
                        { label: 'Burial', value: notice.burialPlace },
                        { label: 'Family contact', value: notice.familyContact || 'None' },
                        { label: 'Note', value: notice.note || 'None' },
                        ...(notice.cancelReason
                          ? [{ label: 'Cancelled because', value: notice.cancelReason }]
                          : []),
                        {
                          label: `Attending (${notice.attendeeCount})`,
                          value: notice.attendees.length
                            ? notice.attendees
                                .map(({ member }) => `${member.fullName} (${member.email})`)
                                .join(', ')
                            : 'No one yet',
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
