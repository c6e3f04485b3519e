import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { AdminMessages, AdminSentMessagesPageMessages, DashboardMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
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
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';

const PAGE_SIZE = 25;

type Words = typeof AdminSentMessagesPageMessages;

const channels = (m: Words): { value: MessageChannel; label: string }[] => [
  { value: 'IN_APP', label: m.inApp },
  { value: 'EMAIL', label: m.email },
  { value: 'SMS', label: m.sms },
];

const statuses = (m: Words): { value: DeliveryStatus; label: string }[] => [
  { value: 'DELIVERED', label: m.delivered },
  { value: 'READ', label: m.read },
  { value: 'SENT', label: m.sent },
  { value: 'PENDING', label: m.pending },
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
  const {
    AdminSentMessagesPageMessages: m,
    AdminMessages: admin,
    DashboardMessages: dashboard,
  } = useMessages({ AdminSentMessagesPageMessages, AdminMessages, DashboardMessages });
  const { moment: dateTime } = useReaderFormat();
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
        <PageHeader title={dashboard.notifications} description={m.description} />
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={m.channel}
              placeholder={m.allChannels}
              clearable
              data={channels(m)}
              value={channel}
              onChange={(value) => setChannel(value as MessageChannel | null)}
            />
            <Select
              label={m.deliveryStatus}
              placeholder={m.anyStatus}
              clearable
              data={statuses(m)}
              value={status}
              onChange={(value) => setStatus(value as DeliveryStatus | null)}
            />
          </SimpleGrid>
        </Card>
        {error && (
          <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
            {m.loadFailed}
          </ErrorAlert>
        )}
        {!page && loading && <SectionLoader label={m.loading} />}
        {page && (
          <Stack gap="sm" aria-busy={loading}>
            <VisuallyHidden role="status">
              {loading ? m.loading : m.onThisPage(page.entries.length)}
            </VisuallyHidden>
            {page.entries.length === 0 ? (
              <Card withBorder padding="lg">
                <Text ta="center">{m.nothingSent}</Text>
              </Card>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm" aria-label={m.sentMessages}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{m.when}</Table.Th>
                      <Table.Th scope="col">{m.channel}</Table.Th>
                      <Table.Th scope="col">{m.to}</Table.Th>
                      <Table.Th scope="col">{m.subject}</Table.Th>
                      <Table.Th scope="col">{m.status}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.entries.map((message) => (
                      <MessageRow key={message.id} message={message} m={m} dateTime={dateTime} />
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
                  {m.previous}
                </Button>
                <Text size="sm" c="dimmed">
                  {m.pageNumber(cursors.length)}
                </Text>
                <Button
                  variant="default"
                  disabled={!page.hasNextPage || loading}
                  onClick={() =>
                    setPaging({ key: filterKey, cursors: [...cursors, page.endCursor ?? null] })
                  }
                >
                  {m.next}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function MessageRow({
  message,
  m,
  dateTime,
}: {
  message: Message;
  m: Words;
  dateTime: (value: string) => string;
}) {
  const to = message.member
    ? message.member.fullName || message.member.email
    : (message.toAddress ?? '—');
  const channel = channels(m).find((entry) => entry.value === message.channel)?.label;
  const status = statuses(m).find((entry) => entry.value === message.status)?.label;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{channel}</Text>
          <Text size="xs" c="dimmed" data-testid="sent-kind">
            <bdi dir="ltr" translate="no">
              {message.kind}
            </bdi>
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <bdi>{to}</bdi>
      </Table.Td>
      {/* What was sent, as it was sent (in the recipient's language). */}
      <Table.Td>
        <bdi data-testid="sent-subject">{message.subject}</bdi>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOR[message.status]}>
          {status}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
