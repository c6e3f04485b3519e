import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ClientMessages,
  DeathReportMessages,
  formatCalendarDate,
  formatMoment,
  ActionMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MyDeathReportsDocument, type MyDeathReportsQuery } from '../../../gql/graphql';
import { ReportJanazah } from '../../janazah/components/report-janazah';
import { DetailList, type Detail, PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { reviewStatusBadge } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';
import { CaseClaim } from '../components/case-claim';

const TITLE = 'My Death Reports';

/** /my-reports: the member's death reports, newest first, with their review (spec 2). */
export function MyReportsPage() {
  useDocumentTitle(TITLE);
  const { data, loading, error, refetch } = useQuery(MyDeathReportsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const failed = !!error && !data;
  useEffect(() => {
    if (!failed) return;
    notifications.show({
      color: 'red',
      title: ClientMessages.errorTitle,
      message: DeathReportMessages.loadFailed,
    });
  }, [failed]);
  const reports = data?.myDeathReports ?? [];

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{TITLE}</Title>
          {reports.length > 0 && (
            <Group gap="sm">
              <Button component={Link} to="/submit-death">
                Submit New Report
              </Button>
              <Button component={Link} to="/contact" variant="default">
                Need Help?
              </Button>
            </Group>
          )}
        </Group>

        {loading && !data ? (
          <PageLoader label="Loading your death reports…" />
        ) : failed ? (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{DeathReportMessages.loadFailed}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {ActionMessages.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : reports.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Stack gap="sm" align="center" ta="center">
              <Title order={2} size="h3">
                No Death Reports
              </Title>
              <Text c="gray.7">You have not submitted any death reports.</Text>
              <Button component={Link} to="/submit-death">
                Submit Your First Report
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {reports.map((report) => (
              <ReportCard key={report.id} report={report} onChanged={refetch} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function ReportCard({
  report,
  onChanged,
}: {
  report: MyDeathReportsQuery['myDeathReports'][number];
  onChanged: () => Promise<unknown>;
}) {
  const badge = reviewStatusBadge(report.status);
  const headingId = `report-${report.id}`;
  const details: Detail[] = [
    { label: MemorialPageMessages.dateOfDeath, value: formatCalendarDate(report.dateOfDeath) },
    { label: MemorialPageMessages.placeOfDeath, value: report.placeOfDeath },
    { label: 'Relationship', value: report.relationshipToDeceased },
    { label: 'Submitted', value: formatMoment(report.createdAt) },
  ];
  if (report.reviewedAt)
    details.push({ label: 'Reviewed', value: formatMoment(report.reviewedAt) });

  return (
    <Card component="li" withBorder radius="lg" padding="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {report.deceasedName}
          </Title>
          <Badge variant="light" color={badge.color}>
            {badge.label}
          </Badge>
        </Group>
        <DetailList items={details} />
        {report.additionalNotes && (
          <Box>
            <Text size="sm" c="gray.7">
              Additional notes
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {report.additionalNotes}
            </Text>
          </Box>
        )}
        {report.status !== 'REJECTED' && (
          <Box
            p="md"
            bg={report.assessment.covered ? 'green.0' : 'gray.0'}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text size="sm" c="gray.7">
              Burial assistance
            </Text>
            <Text>{report.assessment.summary}</Text>
          </Box>
        )}
        {report.status === 'APPROVED' && <CaseClaim reportId={report.id} claim={report.claim} />}
        {report.adminNotes && (
          <Box p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="sm" c="gray.7">
              Admin notes
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {report.adminNotes}
            </Text>
          </Box>
        )}
        <ReportJanazah report={report} onChanged={onChanged} />
        <Group>
          <Button
            component={Link}
            to={`/my-reports/${report.id}`}
            variant="light"
            aria-label={`View Case: ${report.deceasedName}`}
          >
            View Case
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
