import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AdminMessages,
  DeathReportMessages,
  formatDateTime,
  formatShortCalendarDate,
  MAX_ADMIN_NOTES_LENGTH,
  DashboardMessages,
} from '@jibs/domain';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
import { useEffect, useState } from 'react';
import {
  AdminDeathReportsDocument,
  ReviewDeathReportDocument,
  type AdminDeathReportFragment,
  type ReviewDecision,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { SectionLoader, DetailList } from '@jibs/web-ui';
import { AdminToasts, mayHaveMore, notesVariable } from '../utils/review-display';
import { ResultsStatus } from '../../../shared/components/results-status';
import { useReviewList } from '../hooks/use-review-list';
import { LoadFailedAlert } from '../../../shared/components/load-failed-alert';
import { ReviewFilters } from '../components/review-filters';
import { StatusBadge } from '../components/status-badge';
import { AssessmentPanel } from '../components/assessment-panel';
import { AdminJanazahControls } from '../../janazah/components/admin-janazah-controls';
import { CasePanel } from '../components/case-panel';

/** /admin/death-reports (spec: Admin death reports). */
export function DeathReportsPage() {
  const list = useReviewList();
  const { data, previousData, loading, error, refetch } = useQuery(AdminDeathReportsDocument, {
    variables: list.variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });

  useEffect(() => {
    if (error) notifications.show({ color: 'red', ...AdminToasts.reportsLoadFailed });
  }, [error]);

  const reports = (data ?? previousData)?.deathReports;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={DashboardMessages.deathReports}
          description="Review the death reports members have submitted."
        />
        <ReviewFilters
          {...list.filters}
          searchLabel="Search death reports"
          searchPlaceholder="Deceased name or relationship"
        />
        {error && (
          <LoadFailedAlert
            message={AdminToasts.reportsLoadFailed.message}
            onRetry={() => void refetch()}
          />
        )}
        <ResultsStatus
          loading={loading}
          count={reports?.length}
          noun={['death report', 'death reports']}
        />
        <div aria-busy={loading}>
          {!reports && loading ? (
            <SectionLoader label="Loading death reports" />
          ) : reports && reports.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">{AdminMessages.noReports}</Text>
            </Card>
          ) : (
            <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {reports?.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} onReviewed={() => refetch()} />
                </li>
              ))}
            </Stack>
          )}
        </div>
        {mayHaveMore(reports?.length, list.limit) && (
          <Button
            variant="light"
            onClick={list.showMore}
            disabled={loading}
            style={{ alignSelf: 'center' }}
          >
            {loading ? 'Loading...' : 'Show more death reports'}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function ReportCard({
  report,
  onReviewed,
}: {
  report: AdminDeathReportFragment;
  onReviewed: () => Promise<unknown>;
}) {
  const [notes, setNotes] = useState('');
  const [processing, setProcessing] = useState<ReviewDecision | null>(null);
  const [review] = useMutation(ReviewDeathReportDocument);
  const [showCase, setShowCase] = useState(false);
  const pending = report.status === 'PENDING';
  const notesId = `report-notes-${report.id}`;

  const decide = async (decision: ReviewDecision) => {
    setProcessing(decision);
    try {
      await review({
        variables: { id: report.id, decision, adminNotes: notesVariable(notes) },
      });
      notifications.show({ color: 'green', ...AdminToasts.reportReviewed(decision) });
      await onReviewed().catch(() => undefined);
    } catch (error) {
      notifications.show({
        color: 'red',
        ...AdminToasts.reportReviewFailed(decision, actionErrorMessage(toApiError(error))),
      });
    } finally {
      setProcessing(null);
    }
  };

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={`report-${report.id}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h3" id={`report-${report.id}`}>
            {report.deceasedName}
          </Title>
          <StatusBadge status={report.status} />
        </Group>
        <DetailList
          compact
          items={[
            { label: 'Date of Death', value: formatShortCalendarDate(report.dateOfDeath) },
            { label: 'Place of Death', value: report.placeOfDeath },
            { label: 'Reported by', value: report.relationshipToDeceased },
            {
              label: 'Member',
              value: `${report.member.fullName} (${report.member.email})`,
            },
            { label: 'Notes', value: report.additionalNotes || 'None' },
            { label: 'Admin Notes', value: report.adminNotes || 'None' },
            { label: 'Submitted', value: formatDateTime(report.createdAt) },
            {
              label: 'Reviewed',
              value: report.reviewedAt ? formatDateTime(report.reviewedAt) : 'Not yet reviewed',
            },
          ]}
        />
        <AssessmentPanel report={report} />
        {pending && (
          <Stack gap="sm">
            <Textarea
              id={notesId}
              label="Admin notes"
              description={`Optional; say why when deciding against the assessment. A rejection without notes is saved as '${DeathReportMessages.defaultRejectionNote}'.`}
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              maxLength={MAX_ADMIN_NOTES_LENGTH}
              autosize
              minRows={2}
              disabled={processing !== null}
            />
            <Group gap="sm">
              <Button
                color="jibs"
                onClick={() => void decide('APPROVED')}
                disabled={processing !== null}
                aria-label={
                  processing === 'APPROVED'
                    ? AdminMessages.processing
                    : `Approve report on ${report.deceasedName}`
                }
              >
                {processing === 'APPROVED' ? AdminMessages.processing : 'Approve'}
              </Button>
              <Button
                color="red.9"
                variant="outline"
                onClick={() => void decide('REJECTED')}
                disabled={processing !== null}
                aria-label={
                  processing === 'REJECTED'
                    ? AdminMessages.processing
                    : `Reject report on ${report.deceasedName}`
                }
              >
                {processing === 'REJECTED' ? AdminMessages.processing : 'Reject'}
              </Button>
            </Group>
          </Stack>
        )}
        {report.status === 'APPROVED' && (
          <AdminJanazahControls
            reportId={report.id}
            deceasedName={report.deceasedName}
            notice={report.janazahNotice}
            onChanged={onReviewed}
          />
        )}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            aria-expanded={showCase}
            aria-label={`${showCase ? 'Hide case' : 'Show case'} of ${report.deceasedName}`}
            onClick={() => setShowCase((shown) => !shown)}
          >
            {showCase ? 'Hide case' : 'Show case'}
          </Button>
        </Group>
        {showCase && <CasePanel reportId={report.id} deceasedName={report.deceasedName} />}
      </Stack>
    </Card>
  );
}
