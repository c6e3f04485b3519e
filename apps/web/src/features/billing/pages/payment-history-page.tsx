import { enumLabel, paymentStatusColor } from '@jibs/web-data';
import {
  ClientMessages,
  formatMoment,
  formatPaymentAmount,
  PaymentMessages,
  DashboardMessages,
  ActionMessages,
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

/** /payment-history: the member's payments, newest first, and the data export. */
export function PaymentHistoryPage() {
  const { data, loading, error, refetch } = useQuery(MyPaymentsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [exporting, setExporting] = useState(false);
  useDocumentTitle(DashboardMessages.paymentHistory);
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
          <Title order={1}>{DashboardMessages.paymentHistory}</Title>
          <Group gap="sm">
            <Button component={Link} to="/dashboard" variant="default">
              Back to Dashboard
            </Button>
            {payments.length > 0 && (
              <Button variant="light" onClick={() => setExporting(true)}>
                Export
              </Button>
            )}
          </Group>
        </Group>

        {years.length > 0 && statementYear && (
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="statement">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Title order={2} size="h4" id="statement">
                  Contributions statement
                </Title>
                <Text size="sm" c="gray.7">
                  Every payment of a year in one PDF, for your records.
                </Text>
              </Stack>
              <Group gap="sm" align="flex-end">
                <Select
                  label="Year"
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
                  Download statement (PDF)
                </Button>
              </Group>
            </Group>
          </Card>
        )}
        {pdf.failed && (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            The PDF could not be downloaded. Please try again.
          </Alert>
        )}

        {loading && !data ? (
          <PageLoader label="Loading your payments…" />
        ) : error && !data ? (
          <Alert color="red" variant="light" role="alert" title={ClientMessages.errorTitle}>
            <Stack gap="sm" align="flex-start">
              <Text>{PaymentMessages.historyLoadFailed}</Text>
              <Button variant="light" onClick={() => void refetch()}>
                {ActionMessages.tryAgain}
              </Button>
            </Stack>
          </Alert>
        ) : payments.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Stack gap="sm" align="center" ta="center">
              <Title order={2} size="h3">
                {PaymentMessages.noPaymentHistoryTitle}
              </Title>
              <Text c="gray.7">{PaymentMessages.noPaymentHistory}</Text>
              <Button component={Link} to="/profile">
                Make a Payment
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {payments.map((payment) => (
              <Card key={payment.id} component="li" withBorder radius="md" padding="lg">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={4}>
                    <Text fw={700} fz="lg">
                      {formatPaymentAmount(payment.amount, payment.currency)}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {enumLabel(payment.type)} payment · {formatMoment(payment.createdAt)}
                    </Text>
                    {payment.description && <Text size="sm">{payment.description}</Text>}
                    {payment.providerPaymentId && (
                      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                        Payment ID: <span translate="no">{payment.providerPaymentId}</span>
                      </Text>
                    )}
                  </Stack>
                  <Stack gap="xs" align="flex-end">
                    <Badge variant="light" color={paymentStatusColor(payment.status)}>
                      {enumLabel(payment.status)}
                    </Badge>
                    {payment.status === 'COMPLETED' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={pdf.busy === statementUrls.receipt(payment.id)}
                        onClick={() =>
                          void pdf.download(statementUrls.receipt(payment.id), 'receipt.pdf')
                        }
                        aria-label={`Download receipt for ${formatPaymentAmount(payment.amount, payment.currency)} on ${formatMoment(payment.createdAt)}`}
                      >
                        Receipt (PDF)
                      </Button>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <DataExportDialog opened={exporting} onClose={() => setExporting(false)} />
    </Container>
  );
}
