import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { AdminMessages, AdminOpsMessages } from '@jibs/domain';
import { useLanguage, useMessages } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';
import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import {
  AdminAuditTrailDocument,
  type AuditTrailEntryFieldsFragment,
  type AuditTrailFilter,
} from '../../../gql/graphql';
import { useReaderFormat, type ReaderFormat } from '../../../shared/hooks/use-reader-format';
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
export function AuditTrailList({ memberId, pageSize = 20, filter, label }: AuditTrailListProps) {
  const { AdminMessages: admin, AdminOpsMessages: ops } = useMessages({
    AdminMessages,
    AdminOpsMessages,
  });
  const format = useReaderFormat();
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
      <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
        {ops.auditLoadFailed}
      </ErrorAlert>
    );
  }
  if (!page) return <SectionLoader label={ops.loadingAuditTrail} />;

  return (
    <Stack gap="sm" aria-busy={loading}>
      <VisuallyHidden role="status">
        {loading ? ops.loadingAuditTrail : ops.auditPageStatus(page.entries.length, pageNumber)}
      </VisuallyHidden>
      {page.entries.length === 0 ? (
        <Card withBorder padding="lg">
          <Text ta="center">{ops.noAuditEntries}</Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" aria-label={label ?? ops.auditTrail}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{ops.when}</Table.Th>
                <Table.Th scope="col">{ops.action}</Table.Th>
                <Table.Th scope="col">{ops.by}</Table.Th>
                {!memberId && <Table.Th scope="col">{ops.member}</Table.Th>}
                <Table.Th scope="col">{ops.changes}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.entries.map((entry) => (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  showMember={!memberId}
                  ops={ops}
                  format={format}
                />
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
            {ops.previous}
          </Button>
          <Text size="sm" c="dimmed">
            {ops.pageNumber(pageNumber)}
          </Text>
          <Button
            variant="default"
            disabled={!page.hasNextPage || loading}
            onClick={() => setCursors((list) => [...list, page.endCursor ?? null])}
          >
            {ops.next}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function person(
  user: AuditTrailEntryFieldsFragment['actor'] | null | undefined,
  unknown: string,
): string {
  if (!user) return '—';
  return user.fullName?.trim() || user.email || unknown;
}

function AuditRow({
  entry,
  showMember,
  ops,
  format,
}: {
  entry: AuditTrailEntryFieldsFragment;
  showMember: boolean;
  ops: typeof AdminOpsMessages;
  format: ReaderFormat;
}) {
  const { locale } = useLanguage();
  // English words the action and service (their identifiers as they are in other languages).
  const english = locale === 'en';
  const arrow = english ? '→' : '←';
  const changes = changesOf(entry.before, entry.after, {
    moment: format.moment,
    none: ops.noValue,
  });
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.recordedAt}>{format.moment(entry.recordedAt)}</time>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {english ? actionLabel(entry.action) : <bdi dir="ltr">{entry.action}</bdi>}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color="gray" size="sm">
              {english ? serviceLabel(entry.service) : <bdi dir="ltr">{entry.service}</bdi>}
            </Badge>
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <bdi>{person(entry.actor, ops.unknownUser)}</bdi>
      </Table.Td>
      {showMember && (
        <Table.Td>
          <bdi>{person(entry.member, ops.unknownUser)}</bdi>
        </Table.Td>
      )}
      <Table.Td>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {changes.map((change) => (
              <Text key={change.field} size="sm" component="li">
                <bdi>{change.field}</bdi>: <bdi>{change.before}</bdi> {arrow}{' '}
                <bdi>{change.after}</bdi>
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
