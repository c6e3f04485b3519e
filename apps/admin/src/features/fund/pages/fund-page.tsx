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
import { AdminMessages, AdminOpsMessages } from '@jibs/domain';
import { actionErrorMessage, toApiError, useDateFormat, useMessages } from '@jibs/web-data';
import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { useState } from 'react';
import {
  AdminFundDocument,
  ApprovePayoutDocument,
  type AdminFundQuery,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { ChartCard } from '../../analytics/components/chart-card';
import { useChartDirection } from '../../../shared/hooks/use-chart-direction';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import { AdminExportDialog } from '../../exports/components/admin-export-dialog';
import { MarkPaidModal } from '../components/mark-paid-modal';
import { ProposePayoutModal } from '../components/propose-payout-modal';
import { payeeKindLabel, payoutMethodLabel } from '../utils/payout-labels';

type Payout = AdminFundQuery['assistancePayouts'][number];
type Claim = AdminFundQuery['assistanceClaims'][number];

const STATUS_COLOR: Record<string, string> = { proposed: 'yellow', approved: 'blue', paid: 'teal' };

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
  const { AdminMessages: admin, AdminOpsMessages: ops } = useMessages({
    AdminMessages,
    AdminOpsMessages,
  });
  const format = useReaderFormat();
  const chartDirection = useChartDirection();
  const formatCents = format.money;
  const formatDate = useDateFormat();
  const statusLabel: Record<string, string> = {
    proposed: ops.proposed,
    approved: ops.approved,
    paid: ops.paid,
  };

  const approvePayout = async (payout: Payout) => {
    try {
      await approve({ variables: { payoutId: payout.id } });
      notifications.show({
        color: 'green',
        title: ops.payoutApproved,
        message: formatCents(payout.amount),
      });
      await refetch();
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: ops.payoutNotApproved,
        message: actionErrorMessage(toApiError(failure)),
      });
    }
  };

  const summary = data?.fundSummary;
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.fundTitle} description={ops.fundDescription} />
        {error && (
          <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
            {ops.fundLoadFailed}
          </ErrorAlert>
        )}
        {!data && loading && <SectionLoader label={ops.loadingFund} />}
        {summary && data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Figure
                label={ops.balance}
                value={formatCents(summary.balance)}
                hint={ops.balanceHint}
              />
              <Figure
                label={ops.averagePayout}
                value={
                  summary.averagePayout === null || summary.averagePayout === undefined
                    ? ops.noneYet
                    : formatCents(summary.averagePayout)
                }
                hint={ops.averagePayoutHint}
              />
              <Figure
                label={ops.monthsCovered}
                value={
                  summary.monthsCovered === null || summary.monthsCovered === undefined
                    ? ops.noPayoutsIn12Months
                    : format.count(summary.monthsCovered)
                }
                hint={ops.monthsCoveredHint}
              />
            </SimpleGrid>
            <ChartCard
              title={ops.moneyPerMonth}
              description={ops.moneyPerMonthDescription}
              rows={summary.months}
              columns={[
                { label: ops.moneyIn, value: (row) => formatCents(row.moneyIn) },
                { label: ops.moneyOut, value: (row) => formatCents(row.moneyOut) },
              ]}
            >
              <BarChart
                {...chartDirection}
                h={240}
                data={summary.months.map((row) => ({
                  label: format.month(row.month),
                  moneyIn: row.moneyIn / 100,
                  moneyOut: row.moneyOut / 100,
                }))}
                dataKey="label"
                withLegend
                series={[
                  { name: 'moneyIn', label: ops.moneyInUsd, color: 'teal.6' },
                  { name: 'moneyOut', label: ops.moneyOutUsd, color: 'red.6' },
                ]}
                valueFormatter={(value) => formatCents(Math.round(value * 100))}
                barChartProps={{ accessibilityLayer: false }}
              />
            </ChartCard>
            <Card withBorder padding="lg" component="section" aria-labelledby="fund-years">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="fund-years">
                  {ops.perYear}
                </Title>
                <Button variant="light" onClick={() => setExporting(true)}>
                  {ops.exportLedger}
                </Button>
              </Group>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{ops.year}</Table.Th>
                    <Table.Th scope="col">{ops.claims}</Table.Th>
                    <Table.Th scope="col">{ops.payoutsPaid}</Table.Th>
                    <Table.Th scope="col">{ops.paidOut}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summary.years.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>{ops.noYears}</Table.Td>
                    </Table.Tr>
                  )}
                  {summary.years.map((row) => (
                    <Table.Tr key={row.year}>
                      <Table.Th scope="row">{row.year}</Table.Th>
                      <Table.Td>{format.count(row.claims)}</Table.Td>
                      <Table.Td>{format.count(row.payouts)}</Table.Td>
                      <Table.Td>{formatCents(row.paidOut)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="lg" component="section" aria-labelledby="fund-claims">
              <Title order={2} size="h4" id="fund-claims" mb="sm">
                {ops.claims}
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{ops.report}</Table.Th>
                    <Table.Th scope="col">{ops.covered}</Table.Th>
                    <Table.Th scope="col">{ops.invoices}</Table.Th>
                    <Table.Th scope="col">{ops.inPayouts}</Table.Th>
                    <Table.Th scope="col">{ops.action}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.assistanceClaims.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>{ops.noClaims}</Table.Td>
                    </Table.Tr>
                  )}
                  {data.assistanceClaims.map((claim) => (
                    <Table.Tr key={claim.reportId}>
                      <Table.Th scope="row">{claim.reportId.slice(0, 8)}</Table.Th>
                      <Table.Td>{claim.covered ? ops.covered : ops.notCovered}</Table.Td>
                      <Table.Td>{formatCents(claim.total)}</Table.Td>
                      <Table.Td>{formatCents(claim.inPayouts)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          disabled={claim.lines.length === 0 || claim.inPayouts >= claim.total}
                          onClick={() => setProposing(claim)}
                          aria-label={ops.proposePayoutFor(claim.reportId.slice(0, 8))}
                        >
                          {ops.proposePayout}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="lg" component="section" aria-labelledby="fund-payouts">
              <Title order={2} size="h4" id="fund-payouts" mb="sm">
                {ops.payouts}
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{ops.proposed}</Table.Th>
                    <Table.Th scope="col">{ops.payee}</Table.Th>
                    <Table.Th scope="col">{ops.method}</Table.Th>
                    <Table.Th scope="col">{ops.amount}</Table.Th>
                    <Table.Th scope="col">{ops.status}</Table.Th>
                    <Table.Th scope="col">{ops.action}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.assistancePayouts.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>{ops.noPayouts}</Table.Td>
                    </Table.Tr>
                  )}
                  {data.assistancePayouts.map((payout) => (
                    <Table.Tr key={payout.id} data-testid={`payout-${payout.id}`}>
                      <Table.Td>{formatDate(payout.createdAt)}</Table.Td>
                      <Table.Td>
                        <bdi>{payout.payeeName}</bdi> ({payeeKindLabel(ops, payout.payee)})
                      </Table.Td>
                      <Table.Td>
                        {payoutMethodLabel(ops, payout.method)}
                        {payout.paidReference ? ' ' : ''}
                        {payout.paidReference && <bdi>{payout.paidReference}</bdi>}
                      </Table.Td>
                      <Table.Td>{formatCents(payout.amount)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[payout.status] ?? 'gray'} variant="light">
                          {statusLabel[payout.status] ?? payout.status}
                          {payout.paidOn ? ` ${formatDate(payout.paidOn)}` : ''}
                        </Badge>
                        {payout.needsSecondApproval && payout.status === 'proposed' && (
                          <Text size="xs" c="dimmed">
                            {ops.needsSecondAdmin}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {payout.status === 'proposed' && payout.needsSecondApproval && (
                          <Button size="xs" onClick={() => void approvePayout(payout)}>
                            {ops.approve}
                          </Button>
                        )}
                        {(payout.status === 'approved' ||
                          (payout.status === 'proposed' && !payout.needsSecondApproval)) && (
                          <Button size="xs" onClick={() => setPaying(payout)}>
                            {ops.markPaid}
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
