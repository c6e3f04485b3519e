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
import { AdminMessages, ErrorCode, formatDateTime, WebhookMessages } from '@jibs/domain';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
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

const STATE: Record<WebhookDeliveryState, { label: string; color: string }> = {
  PENDING: { label: 'Pending', color: 'yellow' },
  SENDING: { label: 'Sending', color: 'blue' },
  DELIVERED: { label: 'Delivered', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
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
        <PageHeader
          title="Webhooks"
          description="Send events to services that cannot join Kafka. Each delivery is signed (Standard Webhooks), retried with backoff for about two hours, and can be sent again from here."
        />
        {error && !data ? (
          <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
            {actionErrorMessage(toApiError(error))}
          </ErrorAlert>
        ) : loading && !data ? (
          <SectionLoader />
        ) : data ? (
          <>
            <RegisterEndpoint eventTypes={data.webhookEventTypes} onCreated={() => refetch()} />
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="sm">
                Endpoints
              </Title>
              {data.webhookEndpoints.length === 0 ? (
                <Text c="dimmed">No endpoint is registered.</Text>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Address</Table.Th>
                        <Table.Th>Events</Table.Th>
                        <Table.Th>State</Table.Th>
                        <Table.Th>Actions</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.webhookEndpoints.map((endpoint) => (
                        <Table.Tr key={endpoint.id}>
                          <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.url}</Table.Td>
                          <Table.Td>{endpoint.eventTypes.join(', ')}</Table.Td>
                          <Table.Td>
                            <Badge color={endpoint.active ? 'teal' : 'gray'} variant="light">
                              {endpoint.active ? 'Active' : 'Paused'}
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
                                    endpoint.active ? 'Endpoint paused' : 'Endpoint resumed',
                                  )
                                }
                              >
                                {endpoint.active ? 'Pause' : 'Resume'}
                              </Button>
                              {confirmDelete === endpoint.id ? (
                                <>
                                  <Button
                                    size="xs"
                                    color="red"
                                    onClick={() =>
                                      void act(
                                        () => remove({ variables: { id: endpoint.id } }),
                                        'Endpoint deleted',
                                      ).then(() => setConfirmDelete(null))
                                    }
                                  >
                                    Delete for good
                                  </Button>
                                  <Button
                                    size="xs"
                                    variant="default"
                                    onClick={() => setConfirmDelete(null)}
                                  >
                                    Keep
                                  </Button>
                                </>
                              ) : (
                                <Button
                                  size="xs"
                                  variant="default"
                                  color="red"
                                  aria-label={`Delete ${endpoint.url}`}
                                  onClick={() => setConfirmDelete(endpoint.id)}
                                >
                                  Delete
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
                Recent deliveries
              </Title>
              {data.webhookDeliveries.length === 0 ? (
                <Text c="dimmed">Nothing was sent yet.</Text>
              ) : (
                <Table.ScrollContainer minWidth={760}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Event</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Tries</Table.Th>
                        <Table.Th>Last answer</Table.Th>
                        <Table.Th>Created</Table.Th>
                        <Table.Th>Actions</Table.Th>
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
                              {STATE[delivery.status].label}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{delivery.attempts}</Table.Td>
                          <Table.Td>
                            {delivery.lastError ??
                              (delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : '—')}
                          </Table.Td>
                          <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
                          <Table.Td>
                            {(delivery.status === 'FAILED' || delivery.status === 'DELIVERED') && (
                              <Button
                                size="xs"
                                variant="default"
                                aria-label={`Send again: ${delivery.eventType} ${delivery.eventId}`}
                                onClick={() =>
                                  void act(
                                    () => replay({ variables: { id: delivery.id } }),
                                    'Delivery queued to be sent again',
                                  )
                                }
                              >
                                Send again
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checks = {
      url: url.trim() ? undefined : WebhookMessages.urlRequired,
      eventTypes: chosen.length > 0 ? undefined : WebhookMessages.eventTypesRequired,
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
        Register an endpoint
      </Title>
      {secret && (
        <Alert color="teal" title="Endpoint registered" mb="md" role="status">
          <Stack gap="xs">
            <Text size="sm">
              Copy its signing secret now: it is not shown again. The receiver verifies every
              delivery with it.
            </Text>
            <Group gap="xs">
              <Code>{secret}</Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
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
            label="Endpoint address"
            description="An https:// address that answers 2xx once it has handled an event."
            placeholder="https://example.org/jibs-webhooks"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required
          />
          <Checkbox.Group
            label="Events to send"
            value={chosen}
            onChange={setChosen}
            error={errors.eventTypes}
            required
          >
            <Group gap="md" mt="xs">
              {eventTypes.map((type) => (
                <Checkbox key={type} value={type} label={type} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={saving}>
              Register endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
