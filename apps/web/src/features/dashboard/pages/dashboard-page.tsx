import {
  DashboardMessages,
  formatCents,
  ActionMessages,
  MemberDashboardMessages,
} from '@jibs/domain';
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
import { useDateFormat, useMessages, useSession } from '@jibs/web-data';
import { useQuery } from '@apollo/client/react';

const WELCOME_TOAST_MS = 5_000;

/** The dashboard's texts (its message functions aside). */
type DashboardKey = {
  [K in keyof typeof DashboardMessages]: (typeof DashboardMessages)[K] extends string ? K : never;
}[keyof typeof DashboardMessages];

const LINK_CARDS: { to: string | null; title: DashboardKey; text: DashboardKey }[] = [
  { to: '/submit-death', title: 'submitDeathReport', text: 'submitDeathReportText' },
  { to: '/memorials', title: 'memorialPages', text: 'memorialPagesText' },
  { to: '/upload', title: 'uploadDocuments', text: 'uploadDocumentsText' },
  { to: '/profile', title: 'profileManagement', text: 'profileManagementText' },
  { to: '/payment-history', title: 'paymentHistory', text: 'paymentHistoryText' },
  { to: '/my-reports', title: 'myReports', text: 'myReportsText' },
  { to: null, title: 'notifications', text: 'notificationsText' },
];

const MEMBERSHIP_TEXT: Record<MembershipStatus, DashboardKey> = {
  ACTIVE: 'membershipActive',
  PENDING: 'membershipPending',
  INACTIVE: 'membershipInactive',
};

const MEMBERSHIP_LABEL: Record<MembershipStatus, DashboardKey> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  INACTIVE: 'inactive',
};

/** /dashboard: the member's overview, shortcuts and membership status (spec 2). */
export function DashboardPage() {
  const {
    DashboardMessages: text,
    ActionMessages: actions,
    MemberDashboardMessages: member,
  } = useMessages({
    DashboardMessages,
    ActionMessages,
    MemberDashboardMessages,
  });
  const formatDate = useDateFormat();
  const { user } = useSession();
  const summary = useQuery(DashboardSummaryDocument, { fetchPolicy: 'cache-and-network' });
  const reports = useQuery(MyDeathReportCountsDocument, { fetchPolicy: 'cache-and-network' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle(text.title);

  const subscriptionSuccess = params.get('subscription_success') === 'true';
  const welcomed = useRef(false);
  useEffect(() => {
    if (!subscriptionSuccess || welcomed.current) return;
    welcomed.current = true;
    notifications.show({
      color: 'green',
      title: text.welcomeTitle,
      message: text.welcomeMessage,
      autoClose: WELCOME_TOAST_MS,
    });
    void navigate('/dashboard', { replace: true });
  }, [subscriptionSuccess, navigate, text]);

  const data = summary.data?.dashboardSummary;
  const money = (cents: number | undefined) => (cents === undefined ? null : formatCents(cents));
  const status = data?.membershipStatus ?? user?.membershipStatus;
  const counts = reports.data?.myDeathReportCounts;
  const count = (value: number | undefined) => (value === undefined ? null : String(value));

  return (
    <Container size={1200} px="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <PageBreadcrumbs current={text.title} />
          <Title order={1}>{text.welcome(user?.firstName ?? '')}</Title>
          {user?.createdAt && (
            <Text c="gray.7" data-testid="member-since">
              {member.memberSince(formatDate(user.createdAt))}
            </Text>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <StatCard
            label={text.deathReports}
            value={count(counts?.total)}
            note={text.totalSubmitted}
            loading={reports.loading && !counts}
          />
          <StatCard
            label={text.pendingReviews}
            value={count(counts?.pending)}
            note={text.awaitingApproval}
            loading={reports.loading && !counts}
          />
          <StatCard
            label={text.totalPayments}
            value={money(data?.totalPayments)}
            note={text.lifetimeContributions}
            loading={summary.loading && !data}
          />
          <StatCard
            label={text.monthlyDues}
            value={money(data?.monthlyDues)}
            note={text.currentRate}
            loading={summary.loading && !data}
          />
        </SimpleGrid>
        {summary.error && !data && (
          <Text size="sm" c="gray.7" role="status">
            {text.paymentsNotLoaded}{' '}
            <Anchor component="button" type="button" onClick={() => void summary.refetch()}>
              {actions.tryAgain}
            </Anchor>
          </Text>
        )}
        {reports.error && !counts && (
          <Text size="sm" c="gray.7" role="status">
            {text.countsNotLoaded}{' '}
            <Anchor component="button" type="button" onClick={() => void reports.refetch()}>
              {actions.tryAgain}
            </Anchor>
          </Text>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {LINK_CARDS.map((card) =>
            card.to ? (
              <UnstyledButton key={card.title} component={Link} to={card.to}>
                <Card withBorder radius="lg" padding="lg" h="100%">
                  <Text fw={600}>{text[card.title]}</Text>
                  <Text size="sm" c="gray.7">
                    {text[card.text]}
                  </Text>
                </Card>
              </UnstyledButton>
            ) : (
              <Card key={card.title} withBorder radius="lg" padding="lg" bg="gray.0">
                <Text fw={600}>{text[card.title]}</Text>
                <Text size="sm" c="gray.7">
                  {text[card.text]}
                </Text>
              </Card>
            ),
          )}
        </SimpleGrid>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="quick">
          <Stack gap="sm">
            <Title order={2} size="h3" id="quick">
              {text.quickActions}
            </Title>
            <Group gap="xs">
              <Text fw={500}>{text.membershipStatus}</Text>
              <Text>{status ? text[MEMBERSHIP_LABEL[status]] : '—'}</Text>
            </Group>
            {status && <Text c="gray.7">{text[MEMBERSHIP_TEXT[status]]}</Text>}
            <Text>
              {text.needHelp}{' '}
              <Anchor component={Link} to="/contact">
                {actions.contactSupport}
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
