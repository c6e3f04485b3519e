import { RegistrationWizardMessages } from '@jibs/domain';
import { AccountSubscriptionMessages } from '@jibs/domain';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Table,
  Text,
  Title,
  type TitleOrder,
} from '@mantine/core';
import {
  ErrorCode,
  formatCents,
  formatDateTime,
  formatShortCalendarDate,
  ActionMessages,
  AdminUsersPageMessages,
} from '@jibs/domain';
import { genericErrorMessage, toApiError, enumLabel, paymentStatusColor } from '@jibs/web-data';
import { useState } from 'react';
import { AdminMemberBillingDocument, type AdminPaymentRowFragment } from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import { methodLabel, paymentTypeLabel } from '../utils/member-billing-display';
import { membershipColor } from '../utils/user-display';
import { RecordOfflinePaymentModal } from './record-offline-payment-modal';

/**
 * A member's billing for the admin's member details drawer: membership, subscription,
 * household, every payment (newest first, with how it was paid) and Record offline payment.
 * `headingOrder` is the level of the section's heading (its parts are one level below);
 * `showHousehold` false leaves the household to a place that shows it already.
 */
export function MemberBillingSection({
  userId,
  headingOrder = 3,
  showHousehold = true,
}: {
  userId: string;
  headingOrder?: 2 | 3 | 4;
  showHousehold?: boolean;
}) {
  const [recording, setRecording] = useState(false);
  const { data, loading, error, refetch } = useQuery(AdminMemberBillingDocument, {
    variables: { userId },
    fetchPolicy: 'cache-and-network',
  });
  const billing = data?.adminMemberBilling;
  // An account billing never heard of (no registration event yet): nothing to show, no failure.
  const notFound = !billing && Boolean(error) && toApiError(error).code === ErrorCode.NotFound;
  const sub = (headingOrder + 1) as TitleOrder;

  return (
    <Stack gap="md" component="section" aria-labelledby={`billing-${userId}`}>
      <Group justify="space-between" align="center">
        <Title order={headingOrder} id={`billing-${userId}`}>
          Billing
        </Title>
        {billing && (
          <Button size="sm" onClick={() => setRecording(true)}>
            Record offline payment
          </Button>
        )}
      </Group>
      {notFound && <Text c="dimmed">Billing has no record of this member yet.</Text>}
      {error && !billing && !notFound && (
        <Alert color="red" variant="light" title="Billing not loaded" role="alert">
          <Group justify="space-between">
            <Text size="sm">{genericErrorMessage(toApiError(error))}</Text>
            <Button size="xs" variant="outline" color="red.9" onClick={() => void refetch()}>
              {ActionMessages.tryAgain}
            </Button>
          </Group>
        </Alert>
      )}
      {!billing && loading && (
        <Text c="dimmed" role="status">
          Loading billing...
        </Text>
      )}
      {billing && (
        <>
          <DetailList
            compact
            items={[
              {
                label: 'Membership',
                value: (
                  <Badge color={membershipColor(billing.membershipStatus)} variant="light">
                    {enumLabel(billing.membershipStatus)}
                  </Badge>
                ),
              },
              {
                label: RegistrationWizardMessages.registrationFee,
                value: billing.registrationFeePaid
                  ? AdminUsersPageMessages.feePaid
                  : AdminUsersPageMessages.feePending,
              },
              { label: 'Total paid', value: formatCents(billing.totalPaid) },
              { label: 'Missed monthly payments', value: String(billing.missedPayments) },
            ]}
          />

          <Title order={sub}>Subscription</Title>
          {billing.subscription ? (
            <DetailList
              compact
              items={[
                { label: 'Status', value: enumLabel(billing.subscription.status) },
                {
                  label: AccountSubscriptionMessages.monthlyAmount,
                  value: formatCents(billing.subscription.monthlyAmount),
                },
                {
                  label: billing.subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on',
                  value: billing.subscription.currentPeriodEnd
                    ? formatDateTime(billing.subscription.currentPeriodEnd)
                    : 'Not known',
                },
              ]}
            />
          ) : (
            <Text c="dimmed">No monthly dues subscription.</Text>
          )}

          {showHousehold && (
            <>
              <Title order={sub}>Household</Title>
              {billing.household.length > 0 ? (
                <List spacing={4}>
                  {billing.household.map((member) => (
                    <List.Item key={member.id}>
                      {member.fullName} ({enumLabel(member.relationship)}) · fee{' '}
                      {formatCents(member.fee)}
                      {member.feeStatus === 'PAYMENT_DUE' ? ', payment due' : ''}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed">No household members.</Text>
              )}
            </>
          )}

          <Title order={sub}>Payments</Title>
          <PaymentsTable payments={billing.payments} />

          <RecordOfflinePaymentModal
            opened={recording}
            userId={userId}
            memberSince={billing.memberSince}
            registrationFeePaid={billing.registrationFeePaid}
            onClose={() => setRecording(false)}
            onRecorded={async () => {
              setRecording(false);
              await refetch().catch(() => undefined);
            }}
          />
        </>
      )}
    </Stack>
  );
}

function PaymentsTable({ payments }: { payments: AdminPaymentRowFragment[] }) {
  if (payments.length === 0) return <Text c="dimmed">No payments yet.</Text>;
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" horizontalSpacing="sm" striped>
          <Table.Caption>Payments, newest first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">For</Table.Th>
              <Table.Th scope="col">Method</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Payment ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {payment.paidOn ? (
                    <>
                      {formatShortCalendarDate(payment.paidOn)}
                      <Text size="xs" c="dimmed">
                        recorded {formatDateTime(payment.createdAt)}
                      </Text>
                    </>
                  ) : (
                    formatDateTime(payment.createdAt)
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCents(payment.amount)}</Table.Td>
                <Table.Td>
                  {paymentTypeLabel(payment.type)}
                  {payment.note && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Note: {payment.note}
                    </Text>
                  )}
                  {payment.flagReason && (
                    <Text size="xs" c="red.9">
                      Not counted: {payment.flagReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {methodLabel(payment.method)}
                  {payment.reference && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {payment.reference}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={paymentStatusColor(payment.status)} variant="light">
                    {enumLabel(payment.status)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: '12rem' }}>
                  <Text size="xs" ff="monospace">
                    {payment.providerPaymentId ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
