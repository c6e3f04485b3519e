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
  formatShortCalendarDate,
  ActionMessages,
  AdminBillingMessages,
  AdminUsersPageMessages,
  RegistrationWizardMessages as WizardMessages,
  AccountSubscriptionMessages,
} from '@jibs/domain';
import {
  genericErrorMessage,
  toApiError,
  enumLabel,
  paymentStatusColor,
  translateText,
  useDateFormat,
  useLanguage,
  useMessages,
} from '@jibs/web-data';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import { useState } from 'react';
import { AdminMemberBillingDocument, type AdminPaymentRowFragment } from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import { methodLabel, paymentTypeLabel } from '../utils/member-billing-display';
import { membershipLabel } from '../utils/user-display';
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
  const {
    AdminBillingMessages: m,
    AdminUsersPageMessages: users,
    ActionMessages: actions,
    RegistrationWizardMessages: wizard,
  } = useMessages({
    AdminBillingMessages,
    AdminUsersPageMessages,
    ActionMessages,
    RegistrationWizardMessages: WizardMessages,
  });
  const format = useReaderFormat();

  return (
    <Stack gap="md" component="section" aria-labelledby={`billing-${userId}`}>
      <Group justify="space-between" align="center">
        <Title order={headingOrder} id={`billing-${userId}`}>
          {m.billing}
        </Title>
        {billing && (
          <Button size="sm" onClick={() => setRecording(true)}>
            {m.recordOfflinePayment}
          </Button>
        )}
      </Group>
      {notFound && <Text c="dimmed">{m.noRecord}</Text>}
      {error && !billing && !notFound && (
        <Alert color="red" variant="light" title={m.notLoaded} role="alert">
          <Group justify="space-between">
            <Text size="sm">{genericErrorMessage(toApiError(error))}</Text>
            <Button size="xs" variant="outline" color="red.9" onClick={() => void refetch()}>
              {actions.tryAgain}
            </Button>
          </Group>
        </Alert>
      )}
      {!billing && loading && (
        <Text c="dimmed" role="status">
          {m.loading}
        </Text>
      )}
      {billing && (
        <>
          <DetailList
            compact
            items={[
              {
                label: m.membership,
                value: (
                  <Badge color={membershipColor(billing.membershipStatus)} variant="light">
                    {membershipLabel(billing.membershipStatus, users)}
                  </Badge>
                ),
              },
              {
                label: wizard.registrationFee,
                value: billing.registrationFeePaid ? users.feePaid : users.feePending,
              },
              { label: m.totalPaid, value: format.money(billing.totalPaid) },
              { label: m.missedPayments, value: format.count(billing.missedPayments) },
            ]}
          />

          <Title order={sub}>{m.subscription}</Title>
          {billing.subscription ? (
            <DetailList
              compact
              items={[
                { label: m.status, value: translateText(enumLabel(billing.subscription.status)) },
                {
                  label: translateText(AccountSubscriptionMessages.monthlyAmount),
                  value: format.money(billing.subscription.monthlyAmount),
                },
                {
                  label: billing.subscription.cancelAtPeriodEnd ? m.endsOn : m.renewsOn,
                  value: billing.subscription.currentPeriodEnd
                    ? format.moment(billing.subscription.currentPeriodEnd)
                    : m.notKnown,
                },
              ]}
            />
          ) : (
            <Text c="dimmed">{m.noSubscription}</Text>
          )}

          {showHousehold && (
            <>
              <Title order={sub}>{m.household}</Title>
              {billing.household.length > 0 ? (
                <List spacing={4}>
                  {billing.household.map((member) => (
                    <List.Item key={member.id}>
                      {(member.feeStatus === 'PAYMENT_DUE' ? m.householdLineDue : m.householdLine)(
                        member.fullName,
                        translateText(enumLabel(member.relationship)),
                        format.money(member.fee),
                      )}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed">{m.noHousehold}</Text>
              )}
            </>
          )}

          <Title order={sub}>{m.payments}</Title>
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
  const { AdminBillingMessages: m } = useMessages({ AdminBillingMessages });
  const format = useReaderFormat();
  const formatDay = useDateFormat();
  const { locale, hijri } = useLanguage();
  if (payments.length === 0) return <Text c="dimmed">{m.noPayments}</Text>;
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" horizontalSpacing="sm" striped>
          <Table.Caption>{m.paymentsCaption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{m.date}</Table.Th>
              <Table.Th scope="col">{m.amount}</Table.Th>
              <Table.Th scope="col">{m.for}</Table.Th>
              <Table.Th scope="col">{m.method}</Table.Th>
              <Table.Th scope="col">{m.status}</Table.Th>
              <Table.Th scope="col">{m.paymentId}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {payment.paidOn ? (
                    <>
                      {locale === 'en' && !hijri
                        ? formatShortCalendarDate(payment.paidOn)
                        : formatDay(payment.paidOn)}
                      <Text size="xs" c="dimmed">
                        {m.recorded(format.moment(payment.createdAt))}
                      </Text>
                    </>
                  ) : (
                    format.moment(payment.createdAt)
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.money(payment.amount)}</Table.Td>
                <Table.Td>
                  {translateText(paymentTypeLabel(payment.type))}
                  {payment.note && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {m.note(payment.note)}
                    </Text>
                  )}
                  {payment.flagReason && (
                    <Text size="xs" c="red.9">
                      {m.notCounted(translateText(payment.flagReason))}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {translateText(methodLabel(payment.method))}
                  {payment.reference && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {payment.reference}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={paymentStatusColor(payment.status)} variant="light">
                    {translateText(enumLabel(payment.status))}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: '12rem' }}>
                  <Text size="xs" ff="monospace" data-testid="payment-id">
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
