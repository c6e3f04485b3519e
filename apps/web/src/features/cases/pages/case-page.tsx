import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  ASSISTANCE_STEPS,
  ClientMessages,
  formatCalendarDate,
  formatMoment,
  type CaseStep,
  ActionMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { reviewStatusBadge, toApiError } from '@jibs/web-data';
import {
  CaseChecklist,
  CaseTimeline,
  DetailList,
  PageLoader,
  useDocumentTitle,
  type CaseChecklistItemView,
  type PendingTick,
} from '@jibs/web-ui';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { MyCaseDocument, SetMyCaseChecklistItemDocument } from '../../../gql/graphql';
import { CaseClaim } from '../components/case-claim';

const TITLE = 'Case';
const LOAD_FAILED = 'We could not load this case. Please try again.';

const isAssistance = (step: string) => ASSISTANCE_STEPS.includes(step as CaseStep);

/**
 * /my-reports/:id: the family's case page: the report, what has happened (timeline), what is
 * still needed (checklist), the documents, who handles it, and the assistance section.
 */
export function CasePage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(MyCaseDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [tick] = useMutation(SetMyCaseChecklistItemDocument);
  const [pending, setPending] = useState<PendingTick | null>(null);
  const report = data?.deathReport;
  useDocumentTitle(report ? `${TITLE}: ${report.deceasedName}` : TITLE);

  const notFound = !report && error && toApiError(error).code === 'NOT_FOUND';

  const onTick = async (item: CaseChecklistItemView, done: boolean) => {
    if (!report) return;
    setPending({ itemId: item.id, done });
    try {
      await tick({ variables: { reportId: report.id, itemId: item.id, done } });
    } catch (caught) {
      notifications.show({
        color: 'red',
        title: ClientMessages.errorTitle,
        message: toApiError(caught).message,
      });
    } finally {
      setPending(null);
    }
  };

  if (loading && !data) {
    return (
      <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
        <PageLoader label="Loading the case…" />
      </Container>
    );
  }
  if (!report) {
    return (
      <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
        <Stack gap="md">
          <Title order={1}>{TITLE}</Title>
          <Alert color={notFound ? 'gray' : 'red'} variant="light" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text>{notFound ? 'Death report not found' : LOAD_FAILED}</Text>
              {!notFound && (
                <Button variant="light" onClick={() => void refetch()}>
                  {ActionMessages.tryAgain}
                </Button>
              )}
              <Anchor component={Link} to="/my-reports">
                Back to My Reports
              </Anchor>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }

  const badge = reviewStatusBadge(report.status);
  const assistanceSteps = report.timeline.filter((entry) => isAssistance(entry.step));
  const caseSteps = report.timeline.filter((entry) => !isAssistance(entry.step));

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/my-reports">
          Back to My Reports
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1}>{report.deceasedName}</Title>
          <Badge variant="light" color={badge.color} size="lg">
            {badge.label}
          </Badge>
        </Group>
        <Section title="Report">
          <DetailList
            items={[
              {
                label: MemorialPageMessages.dateOfDeath,
                value: formatCalendarDate(report.dateOfDeath),
              },
              { label: MemorialPageMessages.placeOfDeath, value: report.placeOfDeath },
              { label: 'Relationship', value: report.relationshipToDeceased },
              { label: 'Submitted', value: formatMoment(report.createdAt) },
              {
                label: 'Handled by',
                value: report.handler?.name ?? 'Waiting for a member of our team',
              },
            ]}
          />
        </Section>

        <Section title="Timeline">
          <CaseTimeline entries={caseSteps} />
        </Section>

        <Section title="Checklist">
          {report.status === 'REJECTED' ? (
            <Text c="gray.7">A report that was not approved has no checklist.</Text>
          ) : (
            <CaseChecklist
              items={report.checklist}
              canTick={(item) => item.familyMayTick}
              pending={pending}
              onTick={(item, done) => void onTick(item, done)}
            />
          )}
        </Section>

        <Section title="Documents">
          {report.caseDocuments.length === 0 ? (
            <Text c="gray.7">
              No documents for this case yet.{' '}
              <Anchor component={Link} to="/upload">
                Upload a document
              </Anchor>
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {report.caseDocuments.map((document) => (
                <Group key={document.id} component="li" gap="sm" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {document.fileName}
                  </Text>
                  <Text c="gray.7">{document.documentType}</Text>
                  <Badge variant="light" color={reviewStatusBadge(document.status).color}>
                    {reviewStatusBadge(document.status).label}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Section>

        {/* Assistance: whether the person was covered and why, the family's claim, and what the
            fund did (the assistance steps of the timeline). */}
        <Section title="Burial Assistance" testId="case-assistance">
          <Stack gap="md">
            {report.assessment && (
              <Stack gap="xs">
                <Text fw={600}>{report.assessment.summary}</Text>
                <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {report.assessment.rules.map((rule) => (
                    <Text component="li" key={rule.rule} size="sm">
                      <Text span fw={600}>
                        {rule.label}: {rule.met ? 'yes' : 'no'}.
                      </Text>{' '}
                      {rule.reason}
                    </Text>
                  ))}
                </Stack>
              </Stack>
            )}
            {report.status === 'APPROVED' && report.claim && (
              <CaseClaim reportId={report.id} claim={report.claim} />
            )}
            <CaseTimeline
              entries={assistanceSteps}
              emptyText="No assistance steps yet. Our team will contact you about the claim."
            />
          </Stack>
        </Section>
      </Stack>
    </Container>
  );
}

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
