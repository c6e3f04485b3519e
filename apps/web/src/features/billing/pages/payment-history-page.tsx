import {
  paymentStatusColor,
  translateText,
  useDateFormat,
  useMessages,
  useMoneyFormat,
} from '@jibs/web-data';
import {
  ClientMessages,
  PaymentMessages,
  DashboardMessages,
  ActionMessages,
  RegistrationBillingMessages,
} from '@jibs/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataExportDialog } from '../components/data-export-dialog';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { useQuery } from '@apollo/client/react';
import { MyPaymentsDocument } from '../../../gql/graphql';
import { statementUrls, usePdfDownload } from '../hooks/use-pdf-download';

const TYPE_LINE = {
  REGISTRATION: 'registrationPaymentOn',
  MEMBERSHIP: 'membershipPaymentOn',
  OTHER: 'otherPaymentOn',
} as const;

/** 'Pending' is the dashboard's word; the other statuses are the billing pages'. */
const STATUS_LABEL = {
  COMPLETED: 'statusCompleted',
  FAILED: 'statusFailed',
  CANCELLED: 'statusCancelled',
} as const;

/** /payment-history: the member's payments, newest first, and the data export. */
export function PaymentHistoryPage() {
  const {
    RegistrationBillingMessages: billing,
    PaymentMessages: payment,
    DashboardMessages: dashboard,
    ClientMessages: client,
    ActionMessages: actions,
  } = useMessages({
    RegistrationBillingMessages,
    PaymentMessages,
    DashboardMessages,
    ClientMessages,
    ActionMessages,
  });
  const formatDate = useDateFormat();
  const money = useMoneyFormat();
  const { data, loading, error, refetch } = useQuery(MyPaymentsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [exporting, setExporting] = useState(false);
  useDocumentTitle(dashboard.paymentHistory);
  const payments = data?.myPayments ?? [];
  const pdf = usePdfDownload();
  const years = [
    ...new Set(payments.map((payment) => new Date(payment.createdAt).getUTCFullYear())),
  ].sort((a, b) => b - a);
  const [year, setYear] = useState<string | null>(null);
  const statementYear = year ?? (years[0] ? String(years[0]) : null);

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{dashboard.paymentHistory}</Title>
          <Group gap="sm">
            <Button component={Link} to="/dashboard" variant="default">
              {billing.backToDashboard}
            </Button>
            {payments.length > 0 && (
              <Button variant="light" onClick={() => setExporting(true)}>
                {billing.export}
              </Button>
            )}
          </Group>
        </Group>

        {years.length > 0 && statementYear && (
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="statement">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Title order={2} size="h4" id="statement">
                  {billing.statementTitle}
                </Title>
                <Text size="sm" c="gray.7">
                  {billing.statementText}
                </Text>
              </Stack>
              <Group gap="sm" align="flex-end">
                <Select
                  label={billing.year}
                  data={years.map(String)}
                  value={statementYear}
                  onChange={setYear}
                  allowDeselect={false}
                  w={120}
                />
                <Button
                  loading={pdf.busy === statementUrls.contributions(Number(statementYear))}
                  onClick={() =>
                    void pdf.download(
                      statementUrls.contributions(Number(statementYear)),
                      `contributions-${statementYear}.pdf`,
                    )
                  }
                >
                  {billing.downloadStatement}
                </Button>
              </Group>
            </Group>
          </Card>
        )}
        {pdf.failed && (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            {billing.pdfFailed}
          </Alert>
        )}

        {loading && !data ? (
          <PageLoader label={billing.loadingPayments} />
        ) : error && !data ? (
          <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{payment.historyLoadFailed}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {actions.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : payments.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Stack gap="sm" align="center" ta="center">
              <Title order={2} size="h3">
                {payment.noPaymentHistoryTitle}
              </Title>
              <Text c="gray.7">{payment.noPaymentHistory}</Text>
              <Button component={Link} to="/profile">
                {billing.makePayment}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {payments.map((item) => {
              const amount = money.withCurrency(item.amount, item.currency);
              const date = formatDate(item.createdAt);
              const status =
                item.status === 'PENDING'
                  ? dashboard.pending
                  : (billing[STATUS_LABEL[item.status]] ?? billing.statusUnknown);
              return (
                <Card key={item.id} component="li" withBorder radius="md" padding="lg">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                    <Stack gap={4}>
                      <Text fw={700} fz="lg">
                        {amount}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {billing[TYPE_LINE[item.type] ?? 'otherPaymentOn'](date)}
                      </Text>
                      {item.description && <Text size="sm">{translateText(item.description)}</Text>}
                      {item.providerPaymentId && (
                        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                          {billing.paymentId} <span translate="no">{item.providerPaymentId}</span>
                        </Text>
                      )}
                    </Stack>
                    <Stack gap="xs" align="flex-end">
                      <Badge variant="light" color={paymentStatusColor(item.status)}>
                        {status}
                      </Badge>
                      {item.status === 'COMPLETED' && (
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={pdf.busy === statementUrls.receipt(item.id)}
                          onClick={() =>
                            void pdf.download(statementUrls.receipt(item.id), 'receipt.pdf')
                          }
                          aria-label={billing.downloadReceipt(amount, date)}
                        >
                          {billing.receipt}
                        </Button>
                      )}
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <DataExportDialog opened={exporting} onClose={() => setExporting(false)} />
    </Container>
  );
}
