import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { AdminMessages, formatDateTime } from '@jibs/domain';
import { useQuery } from '@apollo/client/react';
import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import {
  AdminAuditTrailDocument,
  type AuditTrailEntryFieldsFragment,
  type AuditTrailFilter,
} from '../../../gql/graphql';
import { actionLabel, changesOf, serviceLabel } from '../utils/audit-display';

export interface AuditTrailListProps {
  /** Only the actions concerning this member (the user drawer). */
  memberId?: string;
  /** Entries per page (1 to 100); 20 unless told. */
  pageSize?: number;
  /** More filters (the audit page's). */
  filter?: Omit<AuditTrailFilter, 'memberId'>;
  /** The table's accessible name. */
  label?: string;
}

/**
 * The audit trail, newest first, a page at a time (keyset: Next follows the last page's cursor,
 * Previous goes back along the cursors already seen). Embeddable: the user drawer passes a
 * member id.
 */
export function AuditTrailList({
  memberId,
  pageSize = 20,
  filter,
  label = 'Audit trail',
}: AuditTrailListProps) {
  const filterKey = JSON.stringify({ memberId, filter, pageSize });
  // The cursors seen under the current filter: a new filter starts again from the first page.
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({
    key: filterKey,
    cursors: [null],
  });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const setCursors = (next: (list: (string | null)[]) => (string | null)[]) =>
    setPaging({ key: filterKey, cursors: next(cursors) });
  const after = cursors[cursors.length - 1] ?? null;
  const { data, previousData, loading, error, refetch } = useQuery(AdminAuditTrailDocument, {
    variables: { filter: { ...filter, ...(memberId ? { memberId } : {}) }, first: pageSize, after },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = (data ?? previousData)?.auditTrail;
  const pageNumber = cursors.length;

  if (error && !page) {
    return (
      <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
        The audit trail could not be loaded. Please try again.
      </ErrorAlert>
    );
  }
  if (!page) return <SectionLoader label="Loading the audit trail" />;

  return (
    <Stack gap="sm" aria-busy={loading}>
      <VisuallyHidden role="status">
        {loading
          ? 'Loading the audit trail'
          : `${page.entries.length} ${page.entries.length === 1 ? 'entry' : 'entries'} on page ${pageNumber}`}
      </VisuallyHidden>
      {page.entries.length === 0 ? (
        <Card withBorder padding="lg">
          <Text ta="center">No audit entries found.</Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                {!memberId && <Table.Th scope="col">Member</Table.Th>}
                <Table.Th scope="col">Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} showMember={!memberId} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(pageNumber > 1 || page.hasNextPage) && (
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={pageNumber === 1 || loading}
            onClick={() => setCursors((list) => list.slice(0, -1))}
          >
            Previous
          </Button>
          <Text size="sm" c="dimmed">
            Page {pageNumber}
          </Text>
          <Button
            variant="default"
            disabled={!page.hasNextPage || loading}
            onClick={() => setCursors((list) => [...list, page.endCursor ?? null])}
          >
            Next
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function person(user: AuditTrailEntryFieldsFragment['actor'] | null | undefined): string {
  if (!user) return '—';
  return user.fullName?.trim() || user.email || 'Unknown user';
}

function AuditRow({
  entry,
  showMember,
}: {
  entry: AuditTrailEntryFieldsFragment;
  showMember: boolean;
}) {
  const changes = changesOf(entry.before, entry.after);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {actionLabel(entry.action)}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color="gray" size="sm">
              {serviceLabel(entry.service)}
            </Badge>
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>{person(entry.actor)}</Table.Td>
      {showMember && <Table.Td>{person(entry.member)}</Table.Td>}
      <Table.Td>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {changes.map((change) => (
              <Text key={change.field} size="sm" component="li">
                {change.field}: {change.before} → {change.after}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
