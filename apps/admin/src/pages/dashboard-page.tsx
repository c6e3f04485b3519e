import { useQuery } from '@apollo/client/react';
import {
  Alert,
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
import { AdminDashboardDocument } from '../gql/graphql';
import { PageHeader } from '../layout/page-header';

/**
 * /admin (spec: Admin dashboard). The review counts are real, from cases and documents in one
 * query; the cards whose services are not wired into the console yet say so.
 */
export function DashboardPage() {
  const { data, loading, error } = useQuery(AdminDashboardDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const reports = data?.deathReportStats;
  const documents = data?.documentStats;
  const pendingReviews = reports && documents ? reports.pending + documents.pending : null;
  const show = (value: number | null | undefined) =>
    value ?? (loading ? '…' : error ? 'Unavailable' : '—');

  return (
    <Container size="xl" px={0}>
      <Stack gap="xl">
        <PageHeader title="Admin Dashboard" description="An overview of the service." />
        {error && (
          <Alert color="red" variant="light" title="Error" role="alert">
            The review counts could not be loaded. Please try again later.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <StatCard title="Total Users" value="Not yet available" note="Coming with Users" />
          <StatCard
            title="Pending Reviews"
            value={show(pendingReviews)}
            note={
              reports && documents
                ? `${reports.pending} reports, ${documents.pending} documents`
                : 'Reports and documents awaiting review'
            }
          />
          <StatCard title="Total Revenue" value="Not yet available" note="All-time payments" />
          <StatCard
            title="Death Reports"
            value={show(reports?.pending)}
            note={reports ? `Awaiting review, of ${reports.total} in all` : 'Awaiting review'}
          />
        </SimpleGrid>

        <section aria-labelledby="shortcuts">
          <Title order={2} size="h3" id="shortcuts" mb="sm">
            Shortcuts
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Shortcut title="User Management" to={null} />
            <Shortcut title="Death Reports" to="/death-reports" />
            <Shortcut title="Document Review" to="/documents" />
            <Shortcut title="System Settings" to={null} />
            <Shortcut title="Notifications" to={null} comingSoon />
            <Shortcut title="Analytics" to={null} comingSoon />
          </SimpleGrid>
        </section>

        <section aria-labelledby="recent-activity">
          <Card withBorder padding="lg">
            <Title order={2} size="h3" id="recent-activity" mb="xs">
              Recent Activity
            </Title>
            <Text mb="sm">The activity feed is not yet available.</Text>
            <Group gap="lg">
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

function StatCard({ title, value, note }: { title: string; value: string | number; note: string }) {
  return (
    <Card withBorder padding="lg">
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz={typeof value === 'number' ? '2rem' : 'lg'} mt={4}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {note}
      </Text>
    </Card>
  );
}

function Shortcut({
  title,
  to,
  comingSoon = false,
}: {
  title: string;
  to: string | null;
  comingSoon?: boolean;
}) {
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
            {comingSoon ? 'Coming Soon' : 'Not yet available'}
          </Badge>
        )}
      </Group>
    </Card>
  );
}
