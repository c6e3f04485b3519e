import { useMutation, useQuery } from '@apollo/client/react';
import { Card, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { actionErrorNotice, toApiError, type ErrorNotice } from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
import {
  NotificationPreferencesDocument,
  SetNotificationPreferencesDocument,
} from '../../../gql/graphql';

/**
 * /profile's Notifications section: per kind of message, how the member is told. A table of
 * labelled switches: the bell always on, email, and SMS once a phone is verified. Each switch
 * saves at once; a refused change keeps the switch as it was and says why.
 */
export function NotificationPreferencesSection() {
  const { data, loading, error, refetch } = useQuery(NotificationPreferencesDocument);
  const [save, saving] = useMutation(SetNotificationPreferencesDocument);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const preferences = data?.notificationPreferences;

  const change = async (kind: string, channel: 'email' | 'sms', enabled: boolean) => {
    setFailure(null);
    try {
      await save({
        variables: { changes: [{ kind, channel, enabled }] },
        // The choices have no id to be merged by: the answer replaces the query's.
        update: (cache, { data: saved }) => {
          if (!saved) return;
          cache.writeQuery({
            query: NotificationPreferencesDocument,
            data: { notificationPreferences: saved.setNotificationPreferences },
          });
        },
      });
    } catch (caught) {
      setFailure(actionErrorNotice('Your choice was not saved', toApiError(caught)));
    }
  };

  const smsNote = !preferences
    ? null
    : !preferences.smsAvailable
      ? 'Text messages are not available on this site.'
      : !preferences.phoneVerified
        ? 'To get text messages, add your phone number above and verify it.'
        : null;

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="notifications">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="notifications">
            Notifications
          </Title>
          <Text c="gray.7">
            Choose how we tell you about each kind of message. Everything always appears in the
            bell; receipts and security messages are always emailed.
          </Text>
        </Stack>
        {error && !data ? (
          <ErrorAlert
            title="Your notification choices could not be loaded"
            onRetry={() => void refetch()}
          >
            Please try again.
          </ErrorAlert>
        ) : loading && !data ? (
          <Loader size="sm" aria-label="Loading your notification choices" />
        ) : preferences ? (
          <>
            {failure ? <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert> : null}
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="sm" aria-describedby={smsNote ? 'sms-note' : undefined}>
                <Table.Caption>How you are told, per kind of message</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Kind of message</Table.Th>
                    <Table.Th scope="col">Bell</Table.Th>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">SMS</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preferences.kinds.map((kind) => (
                    <Table.Tr key={kind.kind}>
                      <Table.Th scope="row">{kind.label}</Table.Th>
                      <Table.Td>
                        <Switch
                          checked
                          disabled
                          readOnly
                          aria-label={`${kind.label} in the bell (always on)`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={kind.email}
                          disabled={saving.loading}
                          onChange={(event) =>
                            void change(kind.kind, 'email', event.currentTarget.checked)
                          }
                          aria-label={`${kind.label} by email`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={kind.sms}
                          disabled={
                            saving.loading ||
                            (!kind.sms && !(preferences.smsAvailable && preferences.phoneVerified))
                          }
                          onChange={(event) =>
                            void change(kind.kind, 'sms', event.currentTarget.checked)
                          }
                          aria-label={`${kind.label} by SMS`}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {smsNote ? (
              <Text size="sm" c="gray.7" id="sms-note">
                {smsNote}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
