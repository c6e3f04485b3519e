import { useMutation, useQuery } from '@apollo/client/react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AdminMessages,
  formatCents,
  formatMonth,
  PAYOUT_METHOD_LABELS,
  PAYEE_KIND_LABELS,
  type PayoutMethod,
  type PayeeKind,
} from '@jibs/domain';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { useState } from 'react';
import {
  AdminFundDocument,
  ApprovePayoutDocument,
  type AdminFundQuery,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { ChartCard } from '../../analytics/components/chart-card';
import { AdminExportDialog } from '../../exports/components/admin-export-dialog';
import { MarkPaidModal } from '../components/mark-paid-modal';
import { ProposePayoutModal } from '../components/propose-payout-modal';

type Payout = AdminFundQuery['assistancePayouts'][number];
type Claim = AdminFundQuery['assistanceClaims'][number];

const STATUS_COLOR: Record<string, string> = { proposed: 'yellow', approved: 'blue', paid: 'teal' };
const STATUS_LABEL: Record<string, string> = {
  proposed: 'Proposed',
  approved: 'Approved',
  paid: 'Paid',
};

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** /admin/fund: the fund's books and the burial-assistance payouts. */
export function FundPage() {
  const { data, loading, error, refetch } = useQuery(AdminFundDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [exporting, setExporting] = useState(false);
  const [proposing, setProposing] = useState<Claim | null>(null);
  const [paying, setPaying] = useState<Payout | null>(null);
  const [approve] = useMutation(ApprovePayoutDocument);

  const approvePayout = async (payout: Payout) => {
    try {
      await approve({ variables: { payoutId: payout.id } });
      notifications.show({
        color: 'green',
        title: 'Payout approved',
        message: formatCents(payout.amount),
      });
      await refetch();
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: 'Payout not approved',
        message: actionErrorMessage(toApiError(failure)),
      });
    }
  };

  const summary = data?.fundSummary;
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title="Fund"
          description="What came in, what went out and what is left: the ledger's entries, and the burial-assistance payouts."
        />
        {error && (
          <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
            The fund could not be loaded. Please try again later.
          </ErrorAlert>
        )}
        {!data && loading && <SectionLoader label="Loading the fund" />}
        {summary && data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Figure
                label="Balance"
                value={formatCents(summary.balance)}
                hint="The sum of every entry in the ledger."
              />
              <Figure
                label="Average payout"
                value={
                  summary.averagePayout === null || summary.averagePayout === undefined
                    ? 'None yet'
                    : formatCents(summary.averagePayout)
                }
                hint="Over every payout paid."
              />
              <Figure
                label="Months covered"
                value={
                  summary.monthsCovered === null || summary.monthsCovered === undefined
                    ? 'No payouts in 12 months'
                    : String(summary.monthsCovered)
                }
                hint="Months of payouts the balance covers at the last 12 months' rate."
              />
            </SimpleGrid>
            <ChartCard
              title="Money in and out per month"
              description="The last 12 months (UTC): payments in; refunds and assistance paid out."
              rows={summary.months}
              columns={[
                { label: 'In', value: (row) => formatCents(row.moneyIn) },
                { label: 'Out', value: (row) => formatCents(row.moneyOut) },
              ]}
            >
              <BarChart
                h={240}
                data={summary.months.map((row) => ({
                  label: formatMonth(row.month),
                  moneyIn: row.moneyIn / 100,
                  moneyOut: row.moneyOut / 100,
                }))}
                dataKey="label"
                withLegend
                series={[
                  { name: 'moneyIn', label: 'In (USD)', color: 'teal.6' },
                  { name: 'moneyOut', label: 'Out (USD)', color: 'red.6' },
                ]}
                valueFormatter={(value) => formatCents(Math.round(value * 100))}
                barChartProps={{ accessibilityLayer: false }}
              />
            </ChartCard>
            <Card withBorder padding="lg" component="section" aria-labelledby="fund-years">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="fund-years">
                  Claims and payouts per year
                </Title>
                <Button variant="light" onClick={() => setExporting(true)}>
                  Export ledger (CSV)
                </Button>
              </Group>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Year</Table.Th>
                    <Table.Th scope="col">Claims</Table.Th>
                    <Table.Th scope="col">Payouts paid</Table.Th>
                    <Table.Th scope="col">Paid out</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summary.years.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>No claims or payouts yet.</Table.Td>
                    </Table.Tr>
                  )}
                  {summary.years.map((row) => (
                    <Table.Tr key={row.year}>
                      <Table.Th scope="row">{row.year}</Table.Th>
                      <Table.Td>{row.claims}</Table.Td>
                      <Table.Td>{row.payouts}</Table.Td>
                      <Table.Td>{formatCents(row.paidOut)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="lg" component="section" aria-labelledby="fund-claims">
              <Title order={2} size="h4" id="fund-claims" mb="sm">
                Claims
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Report</Table.Th>
                    <Table.Th scope="col">Covered</Table.Th>
                    <Table.Th scope="col">Invoices</Table.Th>
                    <Table.Th scope="col">In payouts</Table.Th>
                    <Table.Th scope="col">Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.assistanceClaims.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>No approved claims.</Table.Td>
                    </Table.Tr>
                  )}
                  {data.assistanceClaims.map((claim) => (
                    <Table.Tr key={claim.reportId}>
                      <Table.Th scope="row">{claim.reportId.slice(0, 8)}</Table.Th>
                      <Table.Td>{claim.covered ? 'Covered' : 'Not covered'}</Table.Td>
                      <Table.Td>{formatCents(claim.total)}</Table.Td>
                      <Table.Td>{formatCents(claim.inPayouts)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          disabled={claim.lines.length === 0 || claim.inPayouts >= claim.total}
                          onClick={() => setProposing(claim)}
                          aria-label={`Propose payout for report ${claim.reportId.slice(0, 8)}`}
                        >
                          Propose payout
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="lg" component="section" aria-labelledby="fund-payouts">
              <Title order={2} size="h4" id="fund-payouts" mb="sm">
                Payouts
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Proposed</Table.Th>
                    <Table.Th scope="col">Payee</Table.Th>
                    <Table.Th scope="col">Method</Table.Th>
                    <Table.Th scope="col">Amount</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.assistancePayouts.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>No payouts yet.</Table.Td>
                    </Table.Tr>
                  )}
                  {data.assistancePayouts.map((payout) => (
                    <Table.Tr key={payout.id} data-testid={`payout-${payout.id}`}>
                      <Table.Td>{new Date(payout.createdAt).toLocaleDateString()}</Table.Td>
                      <Table.Td>
                        {payout.payeeName} (
                        {PAYEE_KIND_LABELS[payout.payee as PayeeKind] ?? payout.payee})
                      </Table.Td>
                      <Table.Td>
                        {PAYOUT_METHOD_LABELS[payout.method as PayoutMethod] ?? payout.method}
                        {payout.paidReference ? ` ${payout.paidReference}` : ''}
                      </Table.Td>
                      <Table.Td>{formatCents(payout.amount)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[payout.status] ?? 'gray'} variant="light">
                          {STATUS_LABEL[payout.status] ?? payout.status}
                          {payout.paidOn ? ` ${payout.paidOn}` : ''}
                        </Badge>
                        {payout.needsSecondApproval && payout.status === 'proposed' && (
                          <Text size="xs" c="dimmed">
                            Needs a second admin
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {payout.status === 'proposed' && payout.needsSecondApproval && (
                          <Button size="xs" onClick={() => void approvePayout(payout)}>
                            Approve
                          </Button>
                        )}
                        {(payout.status === 'approved' ||
                          (payout.status === 'proposed' && !payout.needsSecondApproval)) && (
                          <Button size="xs" onClick={() => setPaying(payout)}>
                            Mark paid
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </>
        )}
      </Stack>
      <AdminExportDialog
        table="ledger_entries"
        label="Fund ledger"
        opened={exporting}
        onClose={() => setExporting(false)}
      />
      <ProposePayoutModal
        claim={proposing}
        onClose={() => setProposing(null)}
        onProposed={refetch}
      />
      <MarkPaidModal payout={paying} onClose={() => setPaying(null)} onPaid={refetch} />
    </Container>
  );
}
