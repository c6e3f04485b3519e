import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Container,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AdminMessages, AdminOpsMessages, ErrorCode, WebhookMessages } from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { useState, type FormEvent } from 'react';
import {
  AdminWebhooksDocument,
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  ReplayWebhookDeliveryDocument,
  SetWebhookEndpointActiveDocument,
  type WebhookDeliveryState,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';

const STATE: Record<
  WebhookDeliveryState,
  { label: keyof typeof AdminOpsMessages & `delivery${string}`; color: string }
> = {
  PENDING: { label: 'deliveryPending', color: 'yellow' },
  SENDING: { label: 'deliverySending', color: 'blue' },
  DELIVERED: { label: 'deliveryDelivered', color: 'teal' },
  FAILED: { label: 'deliveryFailed', color: 'red' },
};

/** /admin/webhooks: register endpoints for services that cannot join Kafka, follow deliveries. */
export function WebhooksPage() {
  const { data, loading, error, refetch } = useQuery(AdminWebhooksDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [setActive] = useMutation(SetWebhookEndpointActiveDocument);
  const [remove] = useMutation(DeleteWebhookEndpointDocument);
  const [replay] = useMutation(ReplayWebhookDeliveryDocument);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const { AdminMessages: admin, AdminOpsMessages: ops } = useMessages({
    AdminMessages,
    AdminOpsMessages,
  });
  const format = useReaderFormat();

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notifications.show({ color: 'green', message: done });
      await refetch();
    } catch (failure) {
      notifications.show({ color: 'red', message: actionErrorMessage(toApiError(failure)) });
    }
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.webhooksTitle} description={ops.webhooksDescription} />
        {error && !data ? (
          <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
            {actionErrorMessage(toApiError(error))}
          </ErrorAlert>
        ) : loading && !data ? (
          <SectionLoader />
        ) : data ? (
          <>
            <RegisterEndpoint eventTypes={data.webhookEventTypes} onCreated={() => refetch()} />
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="sm">
                {ops.endpoints}
              </Title>
              {data.webhookEndpoints.length === 0 ? (
                <Text c="dimmed">{ops.noEndpoints}</Text>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{ops.address}</Table.Th>
                        <Table.Th>{ops.events}</Table.Th>
                        <Table.Th>{ops.state}</Table.Th>
                        <Table.Th>{ops.actions}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.webhookEndpoints.map((endpoint) => (
                        <Table.Tr key={endpoint.id}>
                          <Table.Td style={{ wordBreak: 'break-all' }}>
                            <bdi dir="ltr">{endpoint.url}</bdi>
                          </Table.Td>
                          <Table.Td>
                            <bdi dir="ltr">{endpoint.eventTypes.join(', ')}</bdi>
                          </Table.Td>
                          <Table.Td>
                            <Badge color={endpoint.active ? 'teal' : 'gray'} variant="light">
                              {endpoint.active ? ops.active : ops.paused}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="default"
                                onClick={() =>
                                  void act(
                                    () =>
                                      setActive({
                                        variables: { id: endpoint.id, active: !endpoint.active },
                                      }),
                                    endpoint.active ? ops.endpointPaused : ops.endpointResumed,
                                  )
                                }
                              >
                                {endpoint.active ? ops.pause : ops.resume}
                              </Button>
                              {confirmDelete === endpoint.id ? (
                                <>
                                  <Button
                                    size="xs"
                                    color="red"
                                    onClick={() =>
                                      void act(
                                        () => remove({ variables: { id: endpoint.id } }),
                                        ops.endpointDeleted,
                                      ).then(() => setConfirmDelete(null))
                                    }
                                  >
                                    {ops.deleteForGood}
                                  </Button>
                                  <Button
                                    size="xs"
                                    variant="default"
                                    onClick={() => setConfirmDelete(null)}
                                  >
                                    {ops.keep}
                                  </Button>
                                </>
                              ) : (
                                <Button
                                  size="xs"
                                  variant="default"
                                  color="red"
                                  aria-label={ops.deleteEndpoint(endpoint.url)}
                                  onClick={() => setConfirmDelete(endpoint.id)}
                                >
                                  {ops.delete}
                                </Button>
                              )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Card>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="sm">
                {ops.recentDeliveries}
              </Title>
              {data.webhookDeliveries.length === 0 ? (
                <Text c="dimmed">{ops.nothingSent}</Text>
              ) : (
                <Table.ScrollContainer minWidth={760}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{ops.event}</Table.Th>
                        <Table.Th>{ops.status}</Table.Th>
                        <Table.Th>{ops.tries}</Table.Th>
                        <Table.Th>{ops.lastAnswer}</Table.Th>
                        <Table.Th>{ops.created}</Table.Th>
                        <Table.Th>{ops.actions}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.webhookDeliveries.map((delivery) => (
                        <Table.Tr key={delivery.id}>
                          <Table.Td>
                            <Text size="sm">{delivery.eventType}</Text>
                            <Text size="xs" c="dimmed">
                              {delivery.eventId}
                            </Text>
                          </Table.Td>
                          <Table.Td style={{ minWidth: 120 }}>
                            <Badge color={STATE[delivery.status].color} variant="light">
                              {ops[STATE[delivery.status].label]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{format.count(delivery.attempts)}</Table.Td>
                          <Table.Td>
                            {delivery.lastError ??
                              (delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : '—')}
                          </Table.Td>
                          <Table.Td>{format.moment(delivery.createdAt)}</Table.Td>
                          <Table.Td>
                            {(delivery.status === 'FAILED' || delivery.status === 'DELIVERED') && (
                              <Button
                                size="xs"
                                variant="default"
                                aria-label={ops.sendAgainOf(delivery.eventType, delivery.eventId)}
                                onClick={() =>
                                  void act(
                                    () => replay({ variables: { id: delivery.id } }),
                                    ops.deliveryQueued,
                                  )
                                }
                              >
                                {ops.sendAgain}
                              </Button>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Card>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}

function RegisterEndpoint({
  eventTypes,
  onCreated,
}: {
  eventTypes: string[];
  onCreated: () => Promise<unknown>;
}) {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; eventTypes?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [create] = useMutation(CreateWebhookEndpointDocument);
  const { AdminOpsMessages: ops, WebhookMessages: webhookMessages } = useMessages({
    AdminOpsMessages,
    WebhookMessages,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checks = {
      url: url.trim() ? undefined : webhookMessages.urlRequired,
      eventTypes: chosen.length > 0 ? undefined : webhookMessages.eventTypesRequired,
    };
    if (checks.url || checks.eventTypes) {
      setErrors(checks);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const result = await create({
        variables: { input: { url: url.trim(), eventTypes: chosen } },
      });
      setSecret(result.data?.createWebhookEndpoint.secret ?? null);
      setUrl('');
      setChosen([]);
      await onCreated();
    } catch (failure) {
      const api = toApiError(failure);
      if (api.code === ErrorCode.BadUserInput && Object.keys(api.fieldErrors).length > 0) {
        setErrors(api.fieldErrors);
      } else {
        setErrors({ form: actionErrorMessage(api) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="register-webhook">
      <Title order={2} size="h4" mb="sm" id="register-webhook">
        {ops.registerEndpoint}
      </Title>
      {secret && (
        <Alert color="teal" title={ops.endpointRegistered} mb="md" role="status">
          <Stack gap="xs">
            <Text size="sm">{ops.copySecretNow}</Text>
            <Group gap="xs">
              <Code>
                <bdi dir="ltr">{secret}</bdi>
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? ops.copied : ops.copySecret}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label={ops.endpointAddress}
            description={ops.endpointAddressHint}
            placeholder="https://example.org/jibs-webhooks"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required
          />
          <Checkbox.Group
            label={ops.eventsToSend}
            value={chosen}
            onChange={setChosen}
            error={errors.eventTypes}
            required
          >
            <Group gap="md" mt="xs">
              {eventTypes.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={
                    <bdi dir="ltr" translate="no">
                      {type}
                    </bdi>
                  }
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={saving}>
              {ops.registerEndpointButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
