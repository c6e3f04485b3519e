import { useMutation } from '@apollo/client/react';
import { Badge, Box, Button, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  AdminOpsMessages,
  AdminReportReviewMessages,
  AdminReviewsPageMessages,
  CLAIM_LIMITS,
  CaseReportMessages,
} from '@jibs/domain';
import { actionErrorMessage, toApiError, translateText, useMessages } from '@jibs/web-data';
import { useAssessmentWords } from '@jibs/web-ui';
import { notify } from '../../../shared/components/notify';
import { useState } from 'react';
import { AcceptLateClaimDocument, type AdminDeathReportFragment } from '../../../gql/graphql';

/**
 * The eligibility assessment on a death report's review card: the outcome and each rule with its
 * reason. An admin may decide otherwise (the review's note says why, in the audit trail); on an
 * approved report outside the claim window, an admin may accept the claim with a note.
 */
export function AssessmentPanel({ report }: { report: AdminDeathReportFragment }) {
  const { AdminReviewsPageMessages: m, AdminReportReviewMessages: words } = useMessages({
    AdminReviewsPageMessages,
    AdminReportReviewMessages,
  });
  const { ruleName, reason } = useAssessmentWords();
  const { assessment } = report;
  const headingId = `assessment-${report.id}`;
  const window = assessment.rules.find((rule) => rule.rule === 'CLAIM_WINDOW');
  const late =
    report.status === 'APPROVED' && !report.claim.windowOverride && window && !window.met;
  return (
    <Box
      p="md"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={3} size="h5" id={headingId}>
            {translateText(CaseReportMessages.burialAssistance)}
          </Title>
          <Badge color={assessment.covered ? 'green' : 'red'} variant="light" size="lg">
            {assessment.covered ? words.covered : translateText(AdminOpsMessages.notCovered)}
          </Badge>
        </Group>
        <List spacing={4} size="sm">
          {assessment.rules.map((rule) => (
            <List.Item key={rule.rule}>
              <Text span fw={600} size="sm">
                {rule.met ? m.met : m.notMet}: {ruleName(rule)}.
              </Text>{' '}
              <Text span size="sm">
                {reason(rule)}
              </Text>
            </List.Item>
          ))}
        </List>
        {report.claim.windowOverride && <Text size="sm">{m.acceptedOutsideWindow}</Text>}
        {late && <AcceptLateClaim reportId={report.id} />}
      </Stack>
    </Box>
  );
}

function AcceptLateClaim({ reportId }: { reportId: string }) {
  const { AdminReviewsPageMessages: m } = useMessages({ AdminReviewsPageMessages });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [accept, { loading }] = useMutation(AcceptLateClaimDocument);
  const submit = async () => {
    setError(undefined);
    try {
      await accept({ variables: { reportId, note } });
      notify('green', { title: m.claimAccepted, message: m.notedInAudit });
    } catch (failure) {
      const api = toApiError(failure);
      setError(api.fieldErrors['note'] ?? actionErrorMessage(api));
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={m.acceptOutsideWindow}
        description={m.acceptOutsideWindowHint}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={CLAIM_LIMITS.maxNote}
        autosize
        minRows={2}
        error={error && translateText(error)}
      />
      <Group>
        <Button variant="outline" loading={loading} onClick={() => void submit()}>
          {m.acceptLateClaim}
        </Button>
      </Group>
    </Stack>
  );
}
