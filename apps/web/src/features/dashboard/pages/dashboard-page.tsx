import { DashboardMessages, ActionMessages, MemberDashboardMessages } from '@jibs/domain';
import {
  Anchor,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { lazy, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MembershipStatus } from '../../../gql/graphql';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { PageBreadcrumbs } from '../../../shared/components/page-breadcrumbs';
import { LOADING_FIGURES, StatCards } from '../components/stat-cards';
import { useDocumentTitle } from '@jibs/web-ui';
import { useDateFormat, useMessages, useSession } from '@jibs/web-data';

// The figures' queries (and Apollo's query hook) load after the first render, and wait for the
// Apollo client, which the rest of the page does not; their cards show the same loaders
// meanwhile as while the queries run.
const DashboardStats = lazy(() => import('../components/dashboard-stats'));

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
  const [billingStatus, setBillingStatus] = useState<MembershipStatus | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle(text.title);

  const subscriptionSuccess = params.get('subscription_success') === 'true';
  const welcomed = useRef(false);
  useEffect(() => {
    if (!subscriptionSuccess || welcomed.current) return;
    welcomed.current = true;
    // Shown once, on the return from the checkout: the toasts' store loads only then.
    void import('@mantine/notifications').then(({ notifications }) =>
      notifications.show({
        color: 'green',
        title: text.welcomeTitle,
        message: text.welcomeMessage,
        autoClose: WELCOME_TOAST_MS,
      }),
    );
    void navigate('/dashboard', { replace: true });
  }, [subscriptionSuccess, navigate, text]);

  const status = billingStatus ?? user?.membershipStatus;

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

        <WithApollo fallback={<StatCards figures={LOADING_FIGURES} />}>
          <DashboardStats onMembershipStatus={setBillingStatus} />
        </WithApollo>

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
