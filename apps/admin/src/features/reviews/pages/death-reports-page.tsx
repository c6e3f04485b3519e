import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  AdminMessages,
  AdminReviewsPageMessages,
  AdminReportReviewMessages,
  DeathReportMessages,
  MAX_ADMIN_NOTES_LENGTH,
  DashboardMessages,
  CaseReportMessages,
} from '@jibs/domain';
import {
  actionErrorMessage,
  toApiError,
  translateText,
  useDateFormat,
  useMessages,
} from '@jibs/web-data';
import { notify } from '../../../shared/components/notify';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
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
  const {
    AdminReviewsPageMessages: r,
    AdminMessages: admin,
    DashboardMessages: dashboard,
  } = useMessages({ AdminReviewsPageMessages, AdminMessages, DashboardMessages });
  const list = useReviewList();
  const { data, previousData, loading, error, refetch } = useQuery(AdminDeathReportsDocument, {
    variables: list.variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });

  useEffect(() => {
    if (error) notify('red', AdminToasts.reportsLoadFailed);
  }, [error]);

  const reports = (data ?? previousData)?.deathReports;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={dashboard.deathReports} description={r.reportsDescription} />
        <ReviewFilters
          {...list.filters}
          searchLabel={r.searchReports}
          searchPlaceholder={r.reportsSearchPlaceholder}
        />
        {error && (
          <LoadFailedAlert message={admin.reportsLoadFailed} onRetry={() => void refetch()} />
        )}
        <ResultsStatus
          text={
            loading || reports === undefined
              ? r.loadingReports
              : reports.length === 1
                ? r.oneReportFound
                : r.reportsFound(reports.length)
          }
        />
        <div aria-busy={loading}>
          {!reports && loading ? (
            <SectionLoader label={r.loadingReports} />
          ) : reports && reports.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">{admin.noReports}</Text>
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
            {loading ? r.loadingMore : r.showMoreReports}
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
  const {
    AdminReviewsPageMessages: r,
    AdminMessages: admin,
    DeathReportMessages: reportMessages,
    AdminReportReviewMessages: words,
  } = useMessages({
    AdminReviewsPageMessages,
    AdminMessages,
    DeathReportMessages,
    AdminReportReviewMessages,
  });
  const { moment: dateTime } = useReaderFormat();
  const formatDay = useDateFormat();
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
      notify('green', AdminToasts.reportReviewed(decision));
      await onReviewed().catch(() => undefined);
    } catch (error) {
      notify(
        'red',
        AdminToasts.reportReviewFailed(decision, actionErrorMessage(toApiError(error))),
      );
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
            <bdi>{report.deceasedName}</bdi>
          </Title>
          <StatusBadge status={report.status} />
        </Group>
        <DetailList
          compact
          items={[
            { label: r.dateOfDeath, value: formatDay(report.dateOfDeath) },
            { label: r.placeOfDeath, value: report.placeOfDeath },
            // The member's choice is kept in English; the ones that are catalogue words read translated.
            { label: r.reportedBy, value: translateText(report.relationshipToDeceased) },
            {
              label: r.member,
              value: `${report.member.fullName} (${report.member.email})`,
            },
            { label: r.notes, value: report.additionalNotes || words.none },
            { label: r.adminNotesLabel, value: report.adminNotes || words.none },
            { label: words.submitted, value: dateTime(report.createdAt) },
            {
              label: words.reviewed,
              value: report.reviewedAt ? dateTime(report.reviewedAt) : r.notYetReviewed,
            },
          ]}
        />
        <AssessmentPanel report={report} />
        {pending && (
          <Stack gap="sm">
            <Textarea
              id={notesId}
              label={translateText(CaseReportMessages.adminNotes)}
              description={r.adminNotesHint(`'${reportMessages.defaultRejectionNote}'`)}
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
                    ? admin.processing
                    : r.approveReportOn(report.deceasedName)
                }
              >
                {processing === 'APPROVED' ? admin.processing : r.approve}
              </Button>
              <Button
                color="red.9"
                variant="outline"
                onClick={() => void decide('REJECTED')}
                disabled={processing !== null}
                aria-label={
                  processing === 'REJECTED'
                    ? admin.processing
                    : r.rejectReportOn(report.deceasedName)
                }
              >
                {processing === 'REJECTED' ? admin.processing : r.reject}
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
            aria-label={
              showCase ? r.hideCaseOf(report.deceasedName) : r.showCaseOf(report.deceasedName)
            }
            onClick={() => setShowCase((shown) => !shown)}
          >
            {showCase ? r.hideCase : r.showCase}
          </Button>
        </Group>
        {showCase && <CasePanel reportId={report.id} deceasedName={report.deceasedName} />}
      </Stack>
    </Card>
  );
}
