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
  type CaseStep,
  ActionMessages,
  MemorialPageMessages,
  CaseReportMessages,
  DocumentPageMessages,
} from '@jibs/domain';
import { reviewStatusBadge, toApiError, useDateFormat, useMessages, useText } from '@jibs/web-data';
import {
  CaseChecklist,
  CaseTimeline,
  DetailList,
  PageLoader,
  useAssessmentWords,
  useCaseValue,
  useDocumentTitle,
  type CaseChecklistItemView,
  type PendingTick,
} from '@jibs/web-ui';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { MyCaseDocument, SetMyCaseChecklistItemDocument } from '../../../gql/graphql';
import { CaseClaim } from '../components/case-claim';
import { documentTypeLabel, reviewStatusLabel } from '../../documents/utils/document-labels';

const isAssistance = (step: string) => ASSISTANCE_STEPS.includes(step as CaseStep);

/**
 * /my-reports/:id: the family's case page: the report, what has happened (timeline), what is
 * still needed (checklist), the documents, who handles it, and the assistance section.
 */
export function CasePage() {
  const {
    CaseReportMessages: text,
    ClientMessages: client,
    ActionMessages: actions,
    MemorialPageMessages: memorial,
    DocumentPageMessages: documentPage,
  } = useMessages({
    CaseReportMessages,
    ClientMessages,
    ActionMessages,
    MemorialPageMessages,
    DocumentPageMessages,
  });
  const value = useCaseValue();
  // The server's English (steps, checklist items, document types, states) in the reader's language.
  const translate = useText();
  const { ruleName, reason } = useAssessmentWords();
  const formatDate = useDateFormat();
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(MyCaseDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [tick] = useMutation(SetMyCaseChecklistItemDocument);
  const [pending, setPending] = useState<PendingTick | null>(null);
  const report = data?.deathReport;
  useDocumentTitle(report ? text.caseTitleOf(report.deceasedName) : text.caseTitle);

  const notFound = !report && error && toApiError(error).code === 'NOT_FOUND';

  const onTick = async (item: CaseChecklistItemView, done: boolean) => {
    if (!report) return;
    setPending({ itemId: item.id, done });
    try {
      await tick({ variables: { reportId: report.id, itemId: item.id, done } });
    } catch (caught) {
      notifications.show({
        color: 'red',
        title: client.errorTitle,
        message: translate(toApiError(caught).message),
      });
    } finally {
      setPending(null);
    }
  };

  if (loading && !data) {
    return (
      <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
        <PageLoader label={text.loadingCase} />
      </Container>
    );
  }
  if (!report) {
    return (
      <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
        <Stack gap="md">
          <Title order={1}>{text.caseTitle}</Title>
          <Alert color={notFound ? 'gray' : 'red'} variant="light" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text>{notFound ? text.reportNotFound : text.caseLoadFailed}</Text>
              {!notFound && (
                <Button variant="light" onClick={() => void refetch()}>
                  {actions.tryAgain}
                </Button>
              )}
              <Anchor component={Link} to="/my-reports">
                {text.backToMyReports}
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
          {text.backToMyReports}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1}>{report.deceasedName}</Title>
          <Badge variant="light" color={badge.color} size="lg">
            {reviewStatusLabel(report.status, documentPage)}
          </Badge>
        </Group>
        <Section title={text.reportSection}>
          <DetailList
            items={[
              { label: memorial.dateOfDeath, value: formatDate(report.dateOfDeath) },
              { label: memorial.placeOfDeath, value: report.placeOfDeath },
              { label: text.relationship, value: value(report.relationshipToDeceased) },
              { label: text.submitted, value: formatDate(report.createdAt) },
              { label: text.handledBy, value: report.handler?.name ?? text.waitingForTeam },
            ]}
          />
        </Section>

        <Section title={text.timelineSection}>
          <CaseTimeline entries={caseSteps} />
        </Section>

        <Section title={text.checklistSection}>
          {report.status === 'REJECTED' ? (
            <Text c="gray.7">{text.noChecklist}</Text>
          ) : (
            <CaseChecklist
              items={report.checklist}
              canTick={(item) => item.familyMayTick}
              pending={pending}
              onTick={(item, done) => void onTick(item, done)}
            />
          )}
        </Section>

        <Section title={text.documentsSection}>
          {report.caseDocuments.length === 0 ? (
            <Text c="gray.7">
              {text.noCaseDocuments}{' '}
              <Anchor component={Link} to="/upload">
                {text.uploadDocument}
              </Anchor>
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {report.caseDocuments.map((document) => (
                <Group key={document.id} component="li" gap="sm" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {document.fileName}
                  </Text>
                  <Text c="gray.7">{documentTypeLabel(document.documentType, documentPage)}</Text>
                  <Badge variant="light" color={reviewStatusBadge(document.status).color}>
                    {reviewStatusLabel(document.status, documentPage)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Section>

        {/* Assistance: whether the person was covered and why, the family's claim, and what the
            fund did (the assistance steps of the timeline). */}
        <Section title={text.assistanceSection} testId="case-assistance">
          <Stack gap="md">
            {report.assessment && (
              <Stack gap="xs">
                <Text fw={600} data-testid="assessment-summary">
                  {translate(report.assessment.summary)}
                </Text>
                <Stack
                  gap={4}
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  data-testid="assessment-rules"
                >
                  {report.assessment.rules.map((rule) => (
                    <Text component="li" key={rule.rule} size="sm">
                      <Text span fw={600}>
                        {ruleName(rule)}: {rule.met ? text.ruleMet : text.ruleNotMet}.
                      </Text>{' '}
                      {reason(rule)}
                    </Text>
                  ))}
                </Stack>
              </Stack>
            )}
            {report.status === 'APPROVED' && report.claim && (
              <CaseClaim reportId={report.id} claim={report.claim} />
            )}
            <CaseTimeline entries={assistanceSteps} emptyText={text.noAssistanceSteps} />
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
