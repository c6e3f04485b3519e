import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { AdminMessages, formatDateTime } from '@jibs/domain';
import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import {
  AdminSentMessagesDocument,
  type AdminSentMessagesQuery,
  type DeliveryStatus,
  type MessageChannel,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';

const PAGE_SIZE = 25;

const CHANNELS: { value: MessageChannel; label: string }[] = [
  { value: 'IN_APP', label: 'In-app' },
  { value: 'EMAIL', label: 'Email' },
  { value: 'SMS', label: 'SMS' },
];

const STATUSES: { value: DeliveryStatus; label: string }[] = [
  { value: 'DELIVERED', label: 'Delivered (unread)' },
  { value: 'READ', label: 'Read' },
  { value: 'SENT', label: 'Sent' },
  { value: 'PENDING', label: 'Pending' },
];

const STATUS_COLOR: Record<DeliveryStatus, string> = {
  DELIVERED: 'blue',
  READ: 'gray',
  SENT: 'teal',
  PENDING: 'yellow',
};

type Message = AdminSentMessagesQuery['sentMessages']['entries'][number];

/** /admin/notifications: what was sent, in-app and by email, with delivery status. */
export function SentMessagesPage() {
  const [channel, setChannel] = useState<MessageChannel | null>(null);
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const filterKey = `${channel}:${status}`;
  const [paging, setPaging] = useState({ key: filterKey, cursors: [null] as (string | null)[] });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const after = cursors[cursors.length - 1] ?? null;
  const { data, previousData, loading, error, refetch } = useQuery(AdminSentMessagesDocument, {
    variables: {
      filter: { ...(channel ? { channel } : {}), ...(status ? { status } : {}) },
      first: PAGE_SIZE,
      after,
    },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = (data ?? previousData)?.sentMessages;

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title="Notifications"
          description="What was sent to members and admins: in-app notifications, emails and the janazah notices' texts, with their delivery status. Sign-in codes sent by SMS are not listed."
        />
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Channel"
              placeholder="All channels"
              clearable
              data={CHANNELS}
              value={channel}
              onChange={(value) => setChannel(value as MessageChannel | null)}
            />
            <Select
              label="Delivery status"
              placeholder="Any status"
              clearable
              data={STATUSES}
              value={status}
              onChange={(value) => setStatus(value as DeliveryStatus | null)}
            />
          </SimpleGrid>
        </Card>
        {error && (
          <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
            What was sent could not be loaded. Please try again.
          </ErrorAlert>
        )}
        {!page && loading && <SectionLoader label="Loading sent messages" />}
        {page && (
          <Stack gap="sm" aria-busy={loading}>
            <VisuallyHidden role="status">
              {loading ? 'Loading sent messages' : `${page.entries.length} messages on this page`}
            </VisuallyHidden>
            {page.entries.length === 0 ? (
              <Card withBorder padding="lg">
                <Text ta="center">Nothing was sent that matches.</Text>
              </Card>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm" aria-label="Sent messages">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">When</Table.Th>
                      <Table.Th scope="col">Channel</Table.Th>
                      <Table.Th scope="col">To</Table.Th>
                      <Table.Th scope="col">Subject</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.entries.map((message) => (
                      <MessageRow key={message.id} message={message} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {(cursors.length > 1 || page.hasNextPage) && (
              <Group justify="space-between">
                <Button
                  variant="default"
                  disabled={cursors.length === 1 || loading}
                  onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}
                >
                  Previous
                </Button>
                <Text size="sm" c="dimmed">
                  Page {cursors.length}
                </Text>
                <Button
                  variant="default"
                  disabled={!page.hasNextPage || loading}
                  onClick={() =>
                    setPaging({ key: filterKey, cursors: [...cursors, page.endCursor ?? null] })
                  }
                >
                  Next
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function MessageRow({ message }: { message: Message }) {
  const to = message.member
    ? message.member.fullName || message.member.email
    : (message.toAddress ?? '—');
  const channel = CHANNELS.find((entry) => entry.value === message.channel)?.label;
  const status = STATUSES.find((entry) => entry.value === message.status)?.label;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{channel}</Text>
          <Text size="xs" c="dimmed">
            {message.kind}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{to}</Table.Td>
      <Table.Td>{message.subject}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOR[message.status]}>
          {status}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
