import { ErrorAlert } from '@jibs/web-ui';
import { AdminMessages, formatCents, formatDateTime, DashboardMessages } from '@jibs/domain';
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

/**
 * /admin (spec: Admin dashboard). Every figure is real, from the service that owns it (identity,
 * billing, cases, documents) and the Recent Activity from the audit trail (notifications), all
 * in one query through the gateway.
 */
export function DashboardPage() {
  const { data, loading, error, refetch } = useQuery(AdminDashboardDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const users = data?.userStats;
  const billing = data?.billingStats;
  const reports = data?.deathReportStats;
  const documents = data?.documentStats;
  const pendingReviews = reports && documents ? reports.pending + documents.pending : null;
  const show = (value: number | string | null | undefined) =>
    value ?? (loading ? '…' : error ? 'Unavailable' : '—');

  return (
    <Container size="xl" px={0}>
      <Stack gap="xl">
        <PageHeader title="Admin Dashboard" description="An overview of the service." />
        {error && (
          <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
            The dashboard could not be loaded. Please try again later.
          </ErrorAlert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <StatCard
            title="Total Users"
            value={show(users?.total)}
            note={billing ? `${billing.activeMembers} active members` : 'Active members'}
            testId="stat-total-users"
          />
          <StatCard
            title={DashboardMessages.pendingReviews}
            value={show(pendingReviews)}
            note={
              reports && documents
                ? `${reports.pending} reports, ${documents.pending} documents`
                : 'Reports and documents awaiting review'
            }
            testId="stat-pending-reviews"
          />
          <StatCard
            title="Total Revenue"
            value={show(billing ? formatCents(billing.totalRevenueCents) : null)}
            note="All-time payments"
            testId="stat-total-revenue"
          />
          <StatCard
            title={DashboardMessages.deathReports}
            value={show(reports?.pending)}
            note={reports ? `Awaiting review, of ${reports.total} in all` : 'Awaiting review'}
            testId="stat-death-reports"
          />
        </SimpleGrid>

        <section aria-labelledby="shortcuts">
          <Title order={2} size="h3" id="shortcuts" mb="sm">
            Shortcuts
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Shortcut title="User Management" to="/users" note="Roles and membership status" />
            <Shortcut
              title={DashboardMessages.deathReports}
              to="/death-reports"
              note="Review submitted reports"
            />
            <Shortcut title="Document Review" to="/documents" note="Verify uploaded documents" />
            <Shortcut title="System Settings" to="/settings" note="Fees, uploads, notifications" />
            <Shortcut
              title="Notifications"
              to="/notifications"
              note={
                data?.sentMessageStats
                  ? `${data.sentMessageStats.inApp} in-app, ${data.sentMessageStats.emailsSent} emails sent, ${data.sentMessageStats.emailsPending} pending`
                  : 'What was sent to members'
              }
            />
            <Shortcut
              title="Analytics"
              to="/analytics"
              note="Revenue, members and reports by month"
            />
          </SimpleGrid>
        </section>

        <section aria-labelledby="recent-activity">
          <Card withBorder padding="lg">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={2} size="h3" id="recent-activity">
                Recent Activity
              </Title>
              <Anchor component={Link} to="/audit" size="sm">
                View audit trail
              </Anchor>
            </Group>
            <RecentActivity
              entries={data?.auditTrail.entries}
              loading={loading}
              failed={Boolean(error)}
            />
            <Group gap="lg" mt="md">
              <Anchor component={Link} to="/death-reports">
                Review Now
              </Anchor>
              <Anchor component={Link} to="/settings">
                View Settings
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
}: {
  entries: AuditTrailEntryFieldsFragment[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  if (!entries) {
    return <Text c="dimmed">{loading ? 'Loading…' : failed ? 'Unavailable' : '—'}</Text>;
  }
  if (entries.length === 0) return <Text>No admin activity yet.</Text>;
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Latest admin actions"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {entries.map((entry) => {
        const actor = entry.actor.fullName || entry.actor.email;
        const member = entry.member ? entry.member.fullName || entry.member.email : null;
        return (
          <li key={entry.id}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                <strong>{actionLabel(entry.action)}</strong> by {actor}
                {member ? ` for ${member}` : ''}{' '}
                <Badge component="span" variant="light" color="gray" size="sm">
                  {serviceLabel(entry.service)}
                </Badge>
              </Text>
              <Text size="sm" c="dimmed">
                <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>
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
            Coming Soon
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {note}
      </Text>
    </Card>
  );
}
