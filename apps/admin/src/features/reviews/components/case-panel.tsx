import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminMessages, ActionMessages } from '@jibs/domain';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
import { CaseChecklist, CaseTimeline, SectionLoader, type PendingTick } from '@jibs/web-ui';
import { useState } from 'react';
import {
  AdminCaseDocument,
  SetCaseChecklistItemDocument,
  TakeDeathReportCaseDocument,
} from '../../../gql/graphql';

/**
 * A report's case in the review card: who handles it ("Assign to me"), its timeline and its
 * checklist, the same the family sees on their case page; admins tick any item.
 */
export function CasePanel({ reportId, deceasedName }: { reportId: string; deceasedName: string }) {
  const { data, loading, error, refetch } = useQuery(AdminCaseDocument, {
    variables: { id: reportId },
    fetchPolicy: 'cache-and-network',
  });
  const [take, { loading: taking }] = useMutation(TakeDeathReportCaseDocument);
  const [tick] = useMutation(SetCaseChecklistItemDocument);
  const [pending, setPending] = useState<PendingTick | null>(null);
  const report = data?.deathReport;

  const failed = (caught: unknown) =>
    notifications.show({
      color: 'red',
      title: AdminMessages.errorTitle,
      message: actionErrorMessage(toApiError(caught)),
    });

  if (!report) {
    return loading ? (
      <SectionLoader label="Loading the case" />
    ) : error ? (
      <Group gap="sm">
        <Text c="red.8">The case could not be loaded.</Text>
        <Button size="xs" variant="light" onClick={() => void refetch()}>
          {ActionMessages.tryAgain}
        </Button>
      </Group>
    ) : null;
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text>
          <Text span fw={600}>
            Handled by:{' '}
          </Text>
          {report.handler?.name ?? 'Nobody yet'}
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={taking}
          aria-label={`Assign to me: the case of ${deceasedName}`}
          onClick={() => void take({ variables: { id: reportId } }).catch(failed)}
        >
          Assign to me
        </Button>
      </Group>
      <Title order={3} size="h4">
        Timeline
      </Title>
      <CaseTimeline entries={report.timeline} />
      <Title order={3} size="h4">
        Checklist
      </Title>
      <CaseChecklist
        items={report.checklist}
        canTick={() => report.status !== 'REJECTED'}
        pending={pending}
        onTick={(item, done) => {
          setPending({ itemId: item.id, done });
          void tick({ variables: { reportId, itemId: item.id, done } })
            .catch(failed)
            .finally(() => setPending(null));
        }}
      />
    </Stack>
  );
}
