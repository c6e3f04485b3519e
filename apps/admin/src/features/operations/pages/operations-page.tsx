import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminOpsMessages, DeadLetterMessages, ErrorCode, Messages } from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages, useText } from '@jibs/web-data';
import { SectionLoader } from '@jibs/web-ui';
import { useState } from 'react';
import {
  BillingOperationsDocument,
  CasesOperationsDocument,
  DocumentsOperationsDocument,
  IdentityOperationsDocument,
  MemorialsOperationsDocument,
  NotificationsOperationsDocument,
  type ServiceOperationsFieldsFragment,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import {
  DiscardDeadLetterModal,
  type DiscardTarget,
} from '../components/discard-dead-letter-modal';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import { deadLetterMutations } from '../graphql/dead-letter-mutations';

type ServiceState =
  | { service: string; figures: ServiceOperationsFieldsFragment }
  | { service: string; loading: true }
  | { service: string; down: true; message: string };

type DeadLetter = ServiceOperationsFieldsFragment['deadLetters'][number];

interface ServiceQuery {
  data?: ServiceOperationsFieldsFragment | null;
  error?: unknown;
  loading: boolean;
  refetch(): Promise<unknown>;
}

const QUERY_OPTIONS = {
  fetchPolicy: 'cache-and-network',
  notifyOnNetworkStatusChange: true,
} as const;

/**
 * One query per service: each answers or fails alone (a service that is down answers its own
 * SERVICE_UNAVAILABLE through the gateway), and each stays within the gateway's query cost.
 */
function useServiceOperations(): Array<ServiceQuery & { service: string }> {
  const identity = useQuery(IdentityOperationsDocument, QUERY_OPTIONS);
  const notifications = useQuery(NotificationsOperationsDocument, QUERY_OPTIONS);
  const billing = useQuery(BillingOperationsDocument, QUERY_OPTIONS);
  const cases = useQuery(CasesOperationsDocument, QUERY_OPTIONS);
  const documents = useQuery(DocumentsOperationsDocument, QUERY_OPTIONS);
  const memorials = useQuery(MemorialsOperationsDocument, QUERY_OPTIONS);
  return [
    { service: 'identity', ...identity, data: identity.data?.identityOperations },
    {
      service: 'notifications',
      ...notifications,
      data: notifications.data?.notificationsOperations,
    },
    { service: 'billing', ...billing, data: billing.data?.billingOperations },
    { service: 'cases', ...cases, data: cases.data?.casesOperations },
    { service: 'documents', ...documents, data: documents.data?.documentsOperations },
    { service: 'memorials', ...memorials, data: memorials.data?.memorialsOperations },
  ];
}

/** A service's answer, or why it has none. */
function stateOf(query: ServiceQuery & { service: string }): ServiceState {
  const { service } = query;
  // An error first: a refetch that failed may leave the last answer in the cache.
  if (!query.error)
    return query.data ? { service, figures: query.data } : { service, loading: true };
  const api = toApiError(query.error);
  const down = api.code === ErrorCode.ServiceUnavailable || api.network;
  return {
    service,
    down: true,
    message: down ? Messages.serviceUnavailable : actionErrorMessage(api),
  };
}

/** /admin/operations: each service's health and figures, the bus's lag, and the dead letters. */
export function OperationsPage() {
  const queries = useServiceOperations();
  const client = useApolloClient();
  const [discarding, setDiscarding] = useState<(DiscardTarget & { service: string }) | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { AdminOpsMessages: ops, DeadLetterMessages: deadLetterMessages } = useMessages({
    AdminOpsMessages,
    DeadLetterMessages,
  });

  const states = queries.map(stateOf);
  const loading = queries.some((query) => query.loading);
  const refetch = () => Promise.all(queries.map((query) => query.refetch().catch(() => undefined)));
  const answered = states.filter(
    (state): state is Extract<ServiceState, { figures: unknown }> => 'figures' in state,
  );
  // The lag is read from the bus: every service that answers reports every group's.
  const lag = answered[0]?.figures.consumerLag ?? [];

  const act = async (key: string, run: () => Promise<string>) => {
    if (busy) return;
    setBusy(key);
    try {
      const message = await run();
      notifications.show({ color: 'green', message });
      await refetch();
    } catch (failure) {
      notifications.show({ color: 'red', message: actionErrorMessage(toApiError(failure)) });
      await refetch();
    } finally {
      setBusy(null);
    }
  };

  const replay = (service: string, letter: DeadLetter) =>
    act(`replay:${letter.id}`, async () => {
      await client.mutate({
        mutation: deadLetterMutations(service).replay,
        variables: { id: letter.id },
      });
      return deadLetterMessages.replayed;
    });

  const replayAll = (service: string, topic: string) =>
    act(`replay-all:${service}:${topic}`, async () => {
      const result = await client.mutate({
        mutation: deadLetterMutations(service).replayAll,
        variables: { topic },
      });
      const count = result.data?.result ?? 0;
      return ops.republished(count);
    });

  const discard = async (target: DiscardTarget & { service: string }, reason: string) => {
    await client.mutate({
      mutation: deadLetterMutations(target.service).discard,
      variables: { id: target.id, reason },
    });
    notifications.show({ color: 'green', message: deadLetterMessages.discarded });
    await refetch();
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.operationsTitle} description={ops.operationsDescription} />
        <Group>
          <Button variant="default" onClick={() => void refetch()} loading={loading}>
            {ops.refresh}
          </Button>
        </Group>
        {states.every((state) => 'loading' in state) ? (
          <SectionLoader />
        ) : (
          <>
            <ServicesCard states={states} />
            <LagCard lag={lag} />
            <Card withBorder padding="md" component="section" aria-labelledby="dead-letters">
              <Title order={2} size="h4" mb="sm" id="dead-letters">
                {ops.deadLetters}
              </Title>
              {answered.every((state) => state.figures.deadLetters.length === 0) ? (
                <Text c="dimmed">{ops.noDeadLetters}</Text>
              ) : (
                <Stack gap="lg">
                  {answered
                    .filter((state) => state.figures.deadLetters.length > 0)
                    .flatMap((state) =>
                      byTopic(state.figures.deadLetters).map(([topic, letters]) => (
                        <DeadLetterTopic
                          key={`${state.service}:${topic}`}
                          service={state.service}
                          topic={topic}
                          letters={letters}
                          busy={busy}
                          onReplay={(letter) => void replay(state.service, letter)}
                          onReplayAll={() => void replayAll(state.service, topic)}
                          onDiscard={(letter) =>
                            setDiscarding({
                              service: state.service,
                              id: letter.id,
                              topic: letter.topic,
                              eventId: letter.eventId ?? null,
                            })
                          }
                        />
                      )),
                    )}
                </Stack>
              )}
            </Card>
          </>
        )}
      </Stack>
      <DiscardDeadLetterModal
        target={discarding}
        onClose={() => setDiscarding(null)}
        onDiscard={(target, reason) => discard({ ...target, service: discarding!.service }, reason)}
      />
    </Container>
  );
}

function byTopic(letters: DeadLetter[]): Array<[string, DeadLetter[]]> {
  const groups = new Map<string, DeadLetter[]>();
  for (const letter of letters)
    groups.set(letter.topic, [...(groups.get(letter.topic) ?? []), letter]);
  return [...groups];
}

function ServicesCard({ states }: { states: ServiceState[] }) {
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const text = useText();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="services">
      <Title order={2} size="h4" mb="sm" id="services">
        {ops.services}
      </Title>
      <Table.ScrollContainer minWidth={900}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{ops.service}</Table.Th>
              <Table.Th>{ops.state}</Table.Th>
              <Table.Th>{ops.version}</Table.Th>
              <Table.Th>{ops.requests}</Table.Th>
              <Table.Th>{ops.errors}</Table.Th>
              <Table.Th>{ops.eventsHandled}</Table.Th>
              <Table.Th>{ops.eventsPublished}</Table.Th>
              <Table.Th>{ops.consumerLag}</Table.Th>
              <Table.Th>{ops.outbox}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {states.map((state) =>
              'figures' in state ? (
                <ServiceRow key={state.service} figures={state.figures} />
              ) : 'loading' in state ? (
                <Table.Tr key={state.service}>
                  <Table.Th scope="row">{state.service}</Table.Th>
                  <Table.Td colSpan={8}>
                    <Text size="sm" c="dimmed">
                      {ops.loading}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={state.service}>
                  <Table.Th scope="row">{state.service}</Table.Th>
                  <Table.Td>
                    <Badge color="red" variant="light">
                      {ops.down}
                    </Badge>
                  </Table.Td>
                  <Table.Td colSpan={7}>
                    <Text size="sm">{text(state.message)}</Text>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function ServiceRow({ figures }: { figures: ServiceOperationsFieldsFragment }) {
  const ownLag = figures.consumerLag
    .filter((entry) => entry.group.startsWith(`${figures.service}.`))
    .reduce((sum, entry) => sum + entry.lag, 0);
  const failing = figures.checks.filter((check) => !check.ok);
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const format = useReaderFormat();
  const perMinute = (value: number) => ops.perMinute(format.count(value));
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <bdi dir="ltr" translate="no">
          {figures.service}
        </bdi>
      </Table.Th>
      <Table.Td>
        <Badge color={figures.ready ? 'teal' : 'orange'} variant="light" miw="max-content">
          {figures.ready ? ops.ready : ops.notReady}
        </Badge>
        {failing.map((check) => (
          <Text key={check.name} size="xs" c="dimmed">
            {check.name}: {check.error}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{figures.version}</Table.Td>
      <Table.Td>
        {perMinute(figures.requests.perMinute)}
        <Text size="xs" c="dimmed">
          {ops.inAll(format.count(figures.requests.total))}
        </Text>
      </Table.Td>
      <Table.Td>
        {perMinute(figures.requests.errorsPerMinute)}
        <Text size="xs" c="dimmed">
          {ops.inAll(format.count(figures.requests.errors))}
        </Text>
      </Table.Td>
      <Table.Td>
        {perMinute(figures.events.handledPerMinute)}
        <Text size="xs" c="dimmed">
          {ops.handledInAll(
            format.count(figures.events.handled),
            format.count(figures.events.failed),
            format.count(figures.events.deadLettered),
          )}
        </Text>
      </Table.Td>
      <Table.Td>
        {perMinute(figures.events.publishedPerMinute)}
        <Text size="xs" c="dimmed">
          {ops.inAll(format.count(figures.events.published))}
        </Text>
      </Table.Td>
      <Table.Td>{format.count(ownLag)}</Table.Td>
      <Table.Td>
        {ops.waiting(format.count(figures.outbox.backlog))}
        {figures.outbox.backlog > 0 && (
          <Text size="xs" c="dimmed">
            {ops.oldest(format.count(figures.outbox.oldestAgeSeconds))}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function LagCard({ lag }: { lag: ServiceOperationsFieldsFragment['consumerLag'] }) {
  const behind = lag.filter((entry) => entry.lag > 0);
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const format = useReaderFormat();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="consumer-lag">
      <Title order={2} size="h4" mb="sm" id="consumer-lag">
        {ops.consumerLag}
      </Title>
      {behind.length === 0 ? (
        <Text c="dimmed">{ops.noLag}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{ops.consumerGroup}</Table.Th>
                <Table.Th>{ops.topic}</Table.Th>
                <Table.Th>{ops.eventsWaiting}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {behind.map((entry) => (
                <Table.Tr key={`${entry.group}:${entry.topic}`}>
                  <Table.Td>{entry.group}</Table.Td>
                  <Table.Td>{entry.topic}</Table.Td>
                  <Table.Td>{format.count(entry.lag)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function DeadLetterTopic({
  service,
  topic,
  letters,
  busy,
  onReplay,
  onReplayAll,
  onDiscard,
}: {
  service: string;
  topic: string;
  letters: DeadLetter[];
  busy: string | null;
  onReplay: (letter: DeadLetter) => void;
  onReplayAll: () => void;
  onDiscard: (letter: DeadLetter) => void;
}) {
  const headingId = `dead-letters-${service}-${topic}`.replace(/[^A-Za-z0-9-]/g, '-');
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const format = useReaderFormat();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={3} size="h5" id={headingId}>
          {topic}{' '}
          <Text span c="dimmed" size="sm">
            ({service}, {format.count(letters.length)})
          </Text>
        </Title>
        <Button
          size="xs"
          variant="default"
          loading={busy === `replay-all:${service}:${topic}`}
          aria-label={ops.replayAllOf(topic, service)}
          onClick={onReplayAll}
        >
          {ops.replayAll}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={820}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{ops.event}</Table.Th>
              <Table.Th>{ops.consumerGroup}</Table.Th>
              <Table.Th>{ops.error}</Table.Th>
              <Table.Th>{ops.attempts}</Table.Th>
              <Table.Th>{ops.deadLettered}</Table.Th>
              <Table.Th>{ops.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {letters.map((letter) => (
              <Table.Tr key={letter.id}>
                <Table.Td style={{ maxWidth: 320 }}>
                  <Text size="sm">{letter.eventId ?? letter.id}</Text>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {letter.event}
                  </Code>
                </Table.Td>
                <Table.Td>{letter.group}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{letter.error}</Table.Td>
                <Table.Td>{format.count(letter.attempts)}</Table.Td>
                <Table.Td>{format.moment(letter.deadLetteredAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      loading={busy === `replay:${letter.id}`}
                      aria-label={ops.replayOne(topic, letter.eventId ?? letter.id)}
                      onClick={() => onReplay(letter)}
                    >
                      {ops.replay}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={ops.discardOne(topic, letter.eventId ?? letter.id)}
                      onClick={() => onDiscard(letter)}
                    >
                      {ops.discard}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
