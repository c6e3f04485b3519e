import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { AdminMessages, AdminOpsMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import '@mantine/charts/styles.css';
import { useQuery } from '@apollo/client/react';
import { BarChart } from '@mantine/charts';
import { Container, SimpleGrid, Stack } from '@mantine/core';
import { AdminAnalyticsDocument } from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { ChartCard } from '../components/chart-card';
import { useChartDirection } from '../../../shared/hooks/use-chart-direction';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';

const CHART_HEIGHT = 240;
/** Drawn only: the numbers are in each card's table, so the drawing takes no focus. */
const DRAWING_ONLY = { accessibilityLayer: false } as const;

/** /admin/analytics: the last 12 months, each figure from the service that owns it. */
export function AnalyticsPage() {
  const { data, loading, error, refetch } = useQuery(AdminAnalyticsDocument, {
    fetchPolicy: 'cache-and-network',
  });

  const { AdminMessages: admin, AdminOpsMessages: ops } = useMessages({
    AdminMessages,
    AdminOpsMessages,
  });
  const format = useReaderFormat();
  const chartDirection = useChartDirection();
  const formatCents = format.money;
  const withLabels = <Row extends { month: string }>(rows: Row[]) =>
    rows.map((row) => ({ ...row, label: format.month(row.month) }));

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.analyticsTitle} description={ops.analyticsDescription} />
        {error && (
          <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
            {ops.analyticsLoadFailed}
          </ErrorAlert>
        )}
        {!data && loading && <SectionLoader label={ops.loadingAnalytics} />}
        {data && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ChartCard
              title={ops.revenuePerMonth}
              description={ops.revenueDescription}
              rows={data.revenuePerMonth}
              columns={[
                { label: ops.revenue, value: (row) => formatCents(row.amountCents) },
                { label: ops.payments, value: (row) => row.payments },
              ]}
            >
              <BarChart
                {...chartDirection}
                h={CHART_HEIGHT}
                data={withLabels(
                  data.revenuePerMonth.map((row) => ({ ...row, revenue: row.amountCents / 100 })),
                )}
                dataKey="label"
                series={[{ name: 'revenue', label: ops.revenueUsd, color: 'teal.6' }]}
                valueFormatter={(value) => formatCents(Math.round(value * 100))}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title={ops.membersByStatus}
              description={ops.membersByStatusDescription}
              rows={data.membersByStatusPerMonth}
              columns={[
                { label: ops.active, value: (row) => row.active },
                { label: ops.pending, value: (row) => row.pending },
                { label: ops.inactive, value: (row) => row.inactive },
              ]}
            >
              <BarChart
                {...chartDirection}
                h={CHART_HEIGHT}
                data={withLabels(data.membersByStatusPerMonth)}
                dataKey="label"
                type="stacked"
                withLegend
                series={[
                  { name: 'active', label: ops.active, color: 'teal.6' },
                  { name: 'pending', label: ops.pending, color: 'yellow.6' },
                  { name: 'inactive', label: ops.inactive, color: 'gray.6' },
                ]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title={ops.registrationsPerMonth}
              description={ops.registrationsDescription}
              rows={data.registrationsPerMonth}
              columns={[{ label: ops.registrations, value: (row) => row.count }]}
            >
              <BarChart
                {...chartDirection}
                h={CHART_HEIGHT}
                data={withLabels(data.registrationsPerMonth)}
                dataKey="label"
                series={[{ name: 'count', label: ops.registrations, color: 'blue.6' }]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title={ops.deathReportsPerMonth}
              description={ops.deathReportsDescription}
              rows={data.deathReportsPerMonth}
              columns={[
                { label: ops.submitted, value: (row) => row.submitted },
                { label: ops.approved, value: (row) => row.approved },
                { label: ops.rejected, value: (row) => row.rejected },
              ]}
            >
              <BarChart
                {...chartDirection}
                h={CHART_HEIGHT}
                data={withLabels(data.deathReportsPerMonth)}
                dataKey="label"
                withLegend
                series={[
                  { name: 'submitted', label: ops.submitted, color: 'indigo.6' },
                  { name: 'approved', label: ops.approved, color: 'teal.6' },
                  { name: 'rejected', label: ops.rejected, color: 'red.6' },
                ]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title={ops.failedRenewalsPerMonth}
              description={ops.failedRenewalsDescription}
              rows={data.failedRenewalsPerMonth}
              columns={[{ label: ops.failedRenewals, value: (row) => row.count }]}
            >
              <BarChart
                {...chartDirection}
                h={CHART_HEIGHT}
                data={withLabels(data.failedRenewalsPerMonth)}
                dataKey="label"
                series={[{ name: 'count', label: ops.failedRenewals, color: 'red.6' }]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
