import { DashboardMessages } from '@jibs/domain';
import { Card, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMessages } from '@jibs/web-data';

/** The dashboard's four figures, formatted; null when not known (shown as a dash). */
export interface DashboardFigures {
  reportsTotal: string | null;
  reportsPending: string | null;
  totalPayments: string | null;
  monthlyDues: string | null;
  /** Each query's cards show their loader while it has no answer yet. */
  reportsLoading: boolean;
  summaryLoading: boolean;
}

/** What the cards show before the queries (and the client that runs them) are in. */
export const LOADING_FIGURES: DashboardFigures = {
  reportsTotal: null,
  reportsPending: null,
  totalPayments: null,
  monthlyDues: null,
  reportsLoading: true,
  summaryLoading: true,
};

/** The death reports' and payments' figures at the top of the dashboard. */
export function StatCards({ figures }: { figures: DashboardFigures }) {
  const { DashboardMessages: text } = useMessages({ DashboardMessages });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard
        label={text.deathReports}
        value={figures.reportsTotal}
        note={text.totalSubmitted}
        loading={figures.reportsLoading}
      />
      <StatCard
        label={text.pendingReviews}
        value={figures.reportsPending}
        note={text.awaitingApproval}
        loading={figures.reportsLoading}
      />
      <StatCard
        label={text.totalPayments}
        value={figures.totalPayments}
        note={text.lifetimeContributions}
        loading={figures.summaryLoading}
      />
      <StatCard
        label={text.monthlyDues}
        value={figures.monthlyDues}
        note={text.currentRate}
        loading={figures.summaryLoading}
      />
    </SimpleGrid>
  );
}

function StatCard({
  label,
  value,
  note,
  loading,
}: {
  label: string;
  value: string | null;
  note: string;
  loading: boolean;
}) {
  const { DashboardMessages: text } = useMessages({ DashboardMessages });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {label}
        </Text>
        {loading ? (
          <div role="status">
            <Skeleton h={32} w={96} aria-hidden />
            <VisuallyHidden>{text.loading(label)}</VisuallyHidden>
          </div>
        ) : (
          <Text fz={28} fw={700} lh={1.2}>
            {value ?? '—'}
          </Text>
        )}
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      </Stack>
    </Card>
  );
}
