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
  ActionMessages,
  MemorialPageMessages,
  CaseReportMessages,
  DocumentPageMessages,
} from '@jibs/domain';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MyDeathReportsDocument, type MyDeathReportsQuery } from '../../../gql/graphql';
import { ReportJanazah } from '../../janazah/components/report-janazah';
import { DetailList, type Detail, PageLoader, useCaseValue, useDocumentTitle } from '@jibs/web-ui';
import { reviewStatusLabel } from '../../documents/utils/document-labels';
import { reviewStatusBadge, useDateFormat, useMessages, useText } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';
import { CaseClaim } from '../components/case-claim';

/** /my-reports: the member's death reports, newest first, with their review (spec 2). */
export function MyReportsPage() {
  const {
    CaseReportMessages: text,
    ClientMessages: client,
    DeathReportMessages: deathReport,
    ActionMessages: actions,
  } = useMessages({ CaseReportMessages, ClientMessages, DeathReportMessages, ActionMessages });
  useDocumentTitle(text.myReportsTitle);
  const { data, loading, error, refetch } = useQuery(MyDeathReportsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const failed = !!error && !data;
  useEffect(() => {
    if (!failed) return;
    notifications.show({
      color: 'red',
      title: client.errorTitle,
      message: deathReport.loadFailed,
    });
  }, [failed, client, deathReport]);
  const reports = data?.myDeathReports ?? [];

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{text.myReportsTitle}</Title>
          {reports.length > 0 && (
            <Group gap="sm">
              <Button component={Link} to="/submit-death">
                {text.submitNewReport}
              </Button>
              <Button component={Link} to="/contact" variant="default">
                {text.needHelpQuestion}
              </Button>
            </Group>
          )}
        </Group>

        {loading && !data ? (
          <PageLoader label={text.loadingReports} />
        ) : failed ? (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{deathReport.loadFailed}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {actions.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : reports.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Stack gap="sm" align="center" ta="center">
              <Title order={2} size="h3">
                {text.noReportsTitle}
              </Title>
              <Text c="gray.7">{text.noReports}</Text>
              <Button component={Link} to="/submit-death">
                {text.submitFirstReport}
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
  const {
    CaseReportMessages: text,
    MemorialPageMessages: memorial,
    DocumentPageMessages: documentPage,
  } = useMessages({ CaseReportMessages, MemorialPageMessages, DocumentPageMessages });
  const translate = useText();
  const value = useCaseValue();
  const formatDate = useDateFormat();
  const badge = reviewStatusBadge(report.status);
  const headingId = `report-${report.id}`;
  const details: Detail[] = [
    { label: memorial.dateOfDeath, value: formatDate(report.dateOfDeath) },
    { label: memorial.placeOfDeath, value: report.placeOfDeath },
    { label: text.relationship, value: value(report.relationshipToDeceased) },
    { label: text.submitted, value: formatDate(report.createdAt) },
  ];
  if (report.reviewedAt)
    details.push({ label: text.reviewed, value: formatDate(report.reviewedAt) });

  return (
    <Card component="li" withBorder radius="lg" padding="lg" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {report.deceasedName}
          </Title>
          <Badge variant="light" color={badge.color}>
            {reviewStatusLabel(report.status, documentPage)}
          </Badge>
        </Group>
        <DetailList items={details} />
        {report.additionalNotes && (
          <Box>
            <Text size="sm" c="gray.7">
              {text.additionalNotes}
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
              {text.burialAssistance}
            </Text>
            <Text data-testid="assessment-summary">{translate(report.assessment.summary)}</Text>
          </Box>
        )}
        {report.status === 'APPROVED' && <CaseClaim reportId={report.id} claim={report.claim} />}
        {report.adminNotes && (
          <Box p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="sm" c="gray.7">
              {text.adminNotes}
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
            aria-label={text.viewCaseOf(report.deceasedName)}
          >
            {text.viewCase}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
