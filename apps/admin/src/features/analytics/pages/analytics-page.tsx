import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { AdminMessages, formatCents, formatMonth } from '@jibs/domain';
import '@mantine/charts/styles.css';
import { useQuery } from '@apollo/client/react';
import { BarChart } from '@mantine/charts';
import { Container, SimpleGrid, Stack } from '@mantine/core';
import { AdminAnalyticsDocument } from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { ChartCard } from '../components/chart-card';

const CHART_HEIGHT = 240;
/** Drawn only: the numbers are in each card's table, so the drawing takes no focus. */
const DRAWING_ONLY = { accessibilityLayer: false } as const;

/** /admin/analytics: the last 12 months, each figure from the service that owns it. */
export function AnalyticsPage() {
  const { data, loading, error, refetch } = useQuery(AdminAnalyticsDocument, {
    fetchPolicy: 'cache-and-network',
  });

  const withLabels = <Row extends { month: string }>(rows: Row[]) =>
    rows.map((row) => ({ ...row, label: formatMonth(row.month) }));

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title="Analytics"
          description="The last 12 months, by calendar month (UTC). Months with nothing show 0."
        />
        {error && (
          <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
            The analytics could not be loaded. Please try again later.
          </ErrorAlert>
        )}
        {!data && loading && <SectionLoader label="Loading analytics" />}
        {data && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ChartCard
              title="Revenue per month"
              description="Completed payments in US dollars (refunded payments not counted)."
              rows={data.revenuePerMonth}
              columns={[
                { label: 'Revenue', value: (row) => formatCents(row.amountCents) },
                { label: 'Payments', value: (row) => row.payments },
              ]}
            >
              <BarChart
                h={CHART_HEIGHT}
                data={withLabels(
                  data.revenuePerMonth.map((row) => ({ ...row, revenue: row.amountCents / 100 })),
                )}
                dataKey="label"
                series={[{ name: 'revenue', label: 'Revenue (USD)', color: 'teal.6' }]}
                valueFormatter={(value) => formatCents(Math.round(value * 100))}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title="Members by status"
              description="Members by membership status at the end of each month (this month: now)."
              rows={data.membersByStatusPerMonth}
              columns={[
                { label: 'Active', value: (row) => row.active },
                { label: 'Pending', value: (row) => row.pending },
                { label: 'Inactive', value: (row) => row.inactive },
              ]}
            >
              <BarChart
                h={CHART_HEIGHT}
                data={withLabels(data.membersByStatusPerMonth)}
                dataKey="label"
                type="stacked"
                withLegend
                series={[
                  { name: 'active', label: 'Active', color: 'teal.6' },
                  { name: 'pending', label: 'Pending', color: 'yellow.6' },
                  { name: 'inactive', label: 'Inactive', color: 'gray.6' },
                ]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title="New registrations per month"
              description="Accounts created each month."
              rows={data.registrationsPerMonth}
              columns={[{ label: 'Registrations', value: (row) => row.count }]}
            >
              <BarChart
                h={CHART_HEIGHT}
                data={withLabels(data.registrationsPerMonth)}
                dataKey="label"
                series={[{ name: 'count', label: 'Registrations', color: 'blue.6' }]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title="Death reports per month"
              description="Reports submitted each month, and how many of them were approved or rejected since."
              rows={data.deathReportsPerMonth}
              columns={[
                { label: 'Submitted', value: (row) => row.submitted },
                { label: 'Approved', value: (row) => row.approved },
                { label: 'Rejected', value: (row) => row.rejected },
              ]}
            >
              <BarChart
                h={CHART_HEIGHT}
                data={withLabels(data.deathReportsPerMonth)}
                dataKey="label"
                withLegend
                series={[
                  { name: 'submitted', label: 'Submitted', color: 'indigo.6' },
                  { name: 'approved', label: 'Approved', color: 'teal.6' },
                  { name: 'rejected', label: 'Rejected', color: 'red.6' },
                ]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
            <ChartCard
              title="Failed renewals per month"
              description="Monthly dues payments that failed."
              rows={data.failedRenewalsPerMonth}
              columns={[{ label: 'Failed renewals', value: (row) => row.count }]}
            >
              <BarChart
                h={CHART_HEIGHT}
                data={withLabels(data.failedRenewalsPerMonth)}
                dataKey="label"
                series={[{ name: 'count', label: 'Failed renewals', color: 'red.6' }]}
                barChartProps={DRAWING_ONLY}
              />
            </ChartCard>
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
