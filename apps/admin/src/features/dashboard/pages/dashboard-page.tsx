import { ErrorAlert } from '@jibs/web-ui';
import { AdminDashboardPageMessages, AdminMessages, DashboardMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';
import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { actionLabel, serviceLabel } from '../../audit/utils/audit-display';
import { AdminDashboardDocument, type AuditTrailEntryFieldsFragment } from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';

/**
 * /admin (spec: Admin dashboard). Every figure is real, from the service that owns it (identity,
 * billing, cases, documents) and the Recent Activity from the audit trail (notifications), all
 * in one query through the gateway.
 */
export function DashboardPage() {
  const {
    AdminDashboardPageMessages: d,
    AdminMessages: admin,
    DashboardMessages: dashboard,
  } = useMessages({ AdminDashboardPageMessages, AdminMessages, DashboardMessages });
  const format = useReaderFormat();
  const { data, loading, error, refetch } = useQuery(AdminDashboardDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const users = data?.userStats;
  const billing = data?.billingStats;
  const reports = data?.deathReportStats;
  const documents = data?.documentStats;
  const pendingReviews = reports && documents ? reports.pending + documents.pending : null;
  const show = (value: number | string | null | undefined) =>
    value ?? (loading ? '…' : error ? d.unavailable : '—');

  return (
    <Container size="xl" px={0}>
      <Stack gap="xl">
        <PageHeader title={d.title} description={d.description} />
        {error && (
          <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
            {d.loadFailed}
          </ErrorAlert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <StatCard
            title={d.totalUsers}
            value={show(users?.total)}
            note={billing ? d.activeMembersCount(billing.activeMembers) : d.activeMembers}
            testId="stat-total-users"
          />
          <StatCard
            title={dashboard.pendingReviews}
            value={show(pendingReviews)}
            note={
              reports && documents
                ? d.pendingSplit(reports.pending, documents.pending)
                : d.awaitingReviewNote
            }
            testId="stat-pending-reviews"
          />
          <StatCard
            title={d.totalRevenue}
            value={show(billing ? format.money(billing.totalRevenueCents) : null)}
            note={d.allTimePayments}
            testId="stat-total-revenue"
          />
          <StatCard
            title={dashboard.deathReports}
            value={show(reports?.pending)}
            note={reports ? d.awaitingReviewOf(reports.total) : d.awaitingReview}
            testId="stat-death-reports"
          />
        </SimpleGrid>

        <section aria-labelledby="shortcuts">
          <Title order={2} size="h3" id="shortcuts" mb="sm">
            {d.shortcuts}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Shortcut title={d.userManagement} to="/users" note={d.userManagementNote} />
            <Shortcut
              title={dashboard.deathReports}
              to="/death-reports"
              note={d.reviewReportsNote}
            />
            <Shortcut title={d.documentReview} to="/documents" note={d.documentReviewNote} />
            <Shortcut title={d.systemSettings} to="/settings" note={d.systemSettingsNote} />
            <Shortcut
              title={d.notifications}
              to="/notifications"
              note={
                data?.sentMessageStats
                  ? d.sentCounts(
                      data.sentMessageStats.inApp,
                      data.sentMessageStats.emailsSent,
                      data.sentMessageStats.emailsPending,
                    )
                  : d.sentToMembers
              }
            />
            <Shortcut title={d.analytics} to="/analytics" note={d.analyticsNote} />
          </SimpleGrid>
        </section>

        <section aria-labelledby="recent-activity">
          <Card withBorder padding="lg">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={2} size="h3" id="recent-activity">
                {d.recentActivity}
              </Title>
              <Anchor component={Link} to="/audit" size="sm">
                {d.viewAuditTrail}
              </Anchor>
            </Group>
            <RecentActivity
              entries={data?.auditTrail.entries}
              loading={loading}
              failed={Boolean(error)}
              d={d}
              dateTime={format.moment}
            />
            <Group gap="lg" mt="md">
              <Anchor component={Link} to="/death-reports">
                {d.reviewNow}
              </Anchor>
              <Anchor component={Link} to="/settings">
                {d.viewSettings}
              </Anchor>
            </Group>
          </Card>
        </section>
      </Stack>
    </Container>
  );
}

function RecentActivity({
  entries,
  loading,
  failed,
  d,
  dateTime,
}: {
  entries: AuditTrailEntryFieldsFragment[] | undefined;
  loading: boolean;
  failed: boolean;
  d: typeof AdminDashboardPageMessages;
  dateTime: (value: string) => string;
}) {
  if (!entries) {
    return <Text c="dimmed">{loading ? d.loading : failed ? d.unavailable : '—'}</Text>;
  }
  if (entries.length === 0) return <Text>{d.noActivity}</Text>;
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={d.latestActions}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {entries.map((entry) => {
        const actor = entry.actor.fullName || entry.actor.email;
        const member = entry.member ? entry.member.fullName || entry.member.email : null;
        return (
          <li key={entry.id}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                <strong>{actionLabel(entry.action)}</strong> <bdi>{d.byActor(actor)}</bdi>
                {member ? <bdi> {d.forMember(member)}</bdi> : ''}{' '}
                <Badge component="span" variant="light" color="gray" size="sm">
                  {serviceLabel(entry.service)}
                </Badge>
              </Text>
              <Text size="sm" c="dimmed">
                <time dateTime={entry.recordedAt}>{dateTime(entry.recordedAt)}</time>
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

function StatCard({
  title,
  value,
  note,
  testId,
}: {
  title: string;
  value: string | number;
  note: string;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz="2rem" mt={4} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4} data-testid={`${testId}-note`}>
        {note}
      </Text>
    </Card>
  );
}

function Shortcut({ title, to, note }: { title: string; to: string | null; note: string }) {
  const { AdminDashboardPageMessages: d } = useMessages({ AdminDashboardPageMessages });
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {to ? (
          <Anchor component={Link} to={to} fw={600}>
            {title}
          </Anchor>
        ) : (
          <Text fw={600}>{title}</Text>
        )}
        {!to && (
          <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
            {d.comingSoon}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {note}
      </Text>
    </Card>
  );
}
