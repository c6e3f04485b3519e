import { useMutation, useQuery } from '@apollo/client/react';
import { Card, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  DashboardMessages,
  NotificationPageMessages,
  SignInMessages,
  UnsubscribePages,
  type NotificationKind,
} from '@jibs/domain';
import { actionErrorNotice, toApiError, useMessages, type ErrorNotice } from '@jibs/web-data';
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
  const {
    NotificationPageMessages: text,
    UnsubscribePages: kinds,
    DashboardMessages: dashboard,
    SignInMessages: signIn,
  } = useMessages({
    NotificationPageMessages,
    UnsubscribePages,
    DashboardMessages,
    SignInMessages,
  });
  const kindLabel = (kind: string, english: string): string => {
    const labels: Record<NotificationKind, string> = {
      payments: kinds.kindPayments,
      reports_documents: kinds.kindReportsDocuments,
      janazah: kinds.kindJanazah,
      memorials: kinds.kindMemorials,
      reminders: kinds.kindReminders,
    };
    return Object.hasOwn(labels, kind) ? labels[kind as NotificationKind] : english;
  };
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
      setFailure(actionErrorNotice(text.notSaved, toApiError(caught)));
    }
  };

  const smsNote = !preferences
    ? null
    : !preferences.smsAvailable
      ? text.smsUnavailable
      : !preferences.phoneVerified
        ? text.smsNeedsPhone
        : null;

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="notifications">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="notifications">
            {dashboard.notifications}
          </Title>
          <Text c="gray.7">{text.intro}</Text>
        </Stack>
        {error && !data ? (
          <ErrorAlert title={text.loadFailed} onRetry={() => void refetch()}>
            {text.pleaseTryAgain}
          </ErrorAlert>
        ) : loading && !data ? (
          <Loader size="sm" aria-label={text.loading} />
        ) : preferences ? (
          <>
            {failure ? <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert> : null}
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="sm" aria-describedby={smsNote ? 'sms-note' : undefined}>
                <Table.Caption>{text.caption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{text.kindOfMessage}</Table.Th>
                    <Table.Th scope="col">{text.bell}</Table.Th>
                    <Table.Th scope="col">{signIn.email}</Table.Th>
                    <Table.Th scope="col">{text.sms}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preferences.kinds.map(({ label: english, ...kind }) => {
                    const label = kindLabel(kind.kind, english);
                    return (
                      <Table.Tr key={kind.kind}>
                        <Table.Th scope="row">{label}</Table.Th>
                        <Table.Td>
                          <Switch checked disabled readOnly aria-label={text.inBell(label)} />
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={kind.email}
                            disabled={saving.loading}
                            onChange={(event) =>
                              void change(kind.kind, 'email', event.currentTarget.checked)
                            }
                            aria-label={text.byEmail(label)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={kind.sms}
                            disabled={
                              saving.loading ||
                              (!kind.sms &&
                                !(preferences.smsAvailable && preferences.phoneVerified))
                            }
                            onChange={(event) =>
                              void change(kind.kind, 'sms', event.currentTarget.checked)
                            }
                            aria-label={text.bySms(label)}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
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
