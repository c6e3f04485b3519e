import { formatCents } from '@jibs/domain';
import {
  Anchor,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DashboardSummaryDocument,
  MyDeathReportCountsDocument,
  type MembershipStatus,
} from '../../../gql/graphql';
import { PageBreadcrumbs } from '../../../shared/components/page-breadcrumbs';
import { useDocumentTitle } from '@jibs/web-ui';
import { enumLabel, useSession } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';

const WELCOME_TOAST_MS = 5_000;

const LINK_CARDS: { to: string | null; title: string; text: string }[] = [
  { to: '/submit-death', title: 'Submit Death Report', text: 'Request burial assistance.' },
  { to: '/memorials', title: 'Memorial Pages', text: 'Remember and honour loved ones.' },
  { to: '/upload', title: 'Upload Documents', text: 'Send verification documents.' },
  { to: '/profile', title: 'Profile Management', text: 'Your details, household and dues.' },
  { to: '/payment-history', title: 'Payment History', text: 'Your payments and data export.' },
  { to: '/my-reports', title: 'My Reports', text: 'The reports you have submitted.' },
  {
    to: null,
    title: 'Notifications',
    text: 'Updates appear under the bell at the top of the page.',
  },
];

const MEMBERSHIP_TEXT: Record<MembershipStatus, string> = {
  ACTIVE: 'Your membership is active. Your household is covered.',
  PENDING: 'Your membership is pending: please finish setting up your monthly dues.',
  INACTIVE:
    'Your membership is inactive because of missed payments. Please update your card from your profile or contact us.',
};

/** /dashboard: the member's overview, shortcuts and membership status (spec 2). */
export function DashboardPage() {
  const { user } = useSession();
  const summary = useQuery(DashboardSummaryDocument, { fetchPolicy: 'cache-and-network' });
  const reports = useQuery(MyDeathReportCountsDocument, { fetchPolicy: 'cache-and-network' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle('Dashboard');

  const subscriptionSuccess = params.get('subscription_success') === 'true';
  const welcomed = useRef(false);
  useEffect(() => {
    if (!subscriptionSuccess || welcomed.current) return;
    welcomed.current = true;
    notifications.show({
      color: 'green',
      title: 'Welcome to JIBS!',
      message: 'Your monthly membership is set up. Thank you.',
      autoClose: WELCOME_TOAST_MS,
    });
    void navigate('/dashboard', { replace: true });
  }, [subscriptionSuccess, navigate]);

  const data = summary.data?.dashboardSummary;
  const money = (cents: number | undefined) => (cents === undefined ? null : formatCents(cents));
  const status = data?.membershipStatus ?? user?.membershipStatus;
  const counts = reports.data?.myDeathReportCounts;
  const count = (value: number | undefined) => (value === undefined ? null : String(value));

  return (
    <Container size={1200} px="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <PageBreadcrumbs current="Dashboard" />
          <Title order={1}>Welcome, {user?.firstName}</Title>
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <StatCard
            label="Death Reports"
            value={count(counts?.total)}
            note="Total submitted"
            loading={reports.loading && !counts}
          />
          <StatCard
            label="Pending Reviews"
            value={count(counts?.pending)}
            note="Awaiting approval"
            loading={reports.loading && !counts}
          />
          <StatCard
            label="Total Payments"
            value={money(data?.totalPayments)}
            note="Lifetime contributions"
            loading={summary.loading && !data}
          />
          <StatCard
            label="Monthly Dues"
            value={money(data?.monthlyDues)}
            note="Current rate"
            loading={summary.loading && !data}
          />
        </SimpleGrid>
        {summary.error && !data && (
          <Text size="sm" c="gray.7" role="status">
            Your payment totals could not be loaded just now.{' '}
            <Anchor component="button" type="button" onClick={() => void summary.refetch()}>
              Try again
            </Anchor>
          </Text>
        )}
        {reports.error && !counts && (
          <Text size="sm" c="gray.7" role="status">
            Your death report counts could not be loaded just now.{' '}
            <Anchor component="button" type="button" onClick={() => void reports.refetch()}>
              Try again
            </Anchor>
          </Text>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {LINK_CARDS.map((card) =>
            card.to ? (
              <UnstyledButton key={card.title} component={Link} to={card.to}>
                <Card withBorder radius="lg" padding="lg" h="100%">
                  <Text fw={600}>{card.title}</Text>
                  <Text size="sm" c="gray.7">
                    {card.text}
                  </Text>
                </Card>
              </UnstyledButton>
            ) : (
              <Card key={card.title} withBorder radius="lg" padding="lg" bg="gray.0">
                <Text fw={600}>{card.title}</Text>
                <Text size="sm" c="gray.7">
                  {card.text}
                </Text>
              </Card>
            ),
          )}
        </SimpleGrid>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="quick">
          <Stack gap="sm">
            <Title order={2} size="h3" id="quick">
              Quick Actions
            </Title>
            <Group gap="xs">
              <Text fw={500}>Membership status:</Text>
              <Text>{status ? enumLabel(status) : '—'}</Text>
            </Group>
            {status && <Text c="gray.7">{MEMBERSHIP_TEXT[status]}</Text>}
            <Text>
              Need help?{' '}
              <Anchor component={Link} to="/contact">
                Contact support
              </Anchor>
            </Text>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}

function StatCard({
  label,
  value,
  note,
  loading = false,
}: {
  label: string;
  value: string | null;
  note: string;
  loading?: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap={4}>
        <Text size="sm" c="gray.7">
          {label}
        </Text>
        {loading ? (
          <div role="status">
            <Skeleton h={32} w={96} aria-hidden />
            <VisuallyHidden>Loading {label}…</VisuallyHidden>
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
