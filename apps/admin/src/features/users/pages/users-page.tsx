import { useQuery } from '@apollo/client/react';
import { Card, Container, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ADMIN_USERS_PAGE_SIZE, AdminUserMessages } from '@jibs/domain';
import { useEffect, useState } from 'react';
import { AdminUsersDocument } from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { SectionLoader } from '@jibs/web-ui';
import { ResultsStatus } from '../../../shared/components/results-status';
import { LoadFailedAlert } from '../../../shared/components/load-failed-alert';
import { searchVariable } from '../../reviews/utils/review-display';
import { UserCard } from '../components/user-card';
import { UserDetailsDrawer } from '../components/user-details-drawer';
import {
  pageCount,
  USER_STATUS_FILTER_OPTIONS,
  userStatusVariable,
  UserToasts,
  type UserStatusFilter,
} from '../utils/user-display';

/** /admin/users (spec: Admin users): search, status filter, cards, server-side pages. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<UserStatusFilter>('ALL');
  const [page, setPage] = useState(1);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);

  const { data, previousData, loading, error, refetch } = useQuery(AdminUsersDocument, {
    variables: {
      search: searchVariable(debouncedSearch),
      status: userStatusVariable(status),
      limit: ADMIN_USERS_PAGE_SIZE,
      offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });

  useEffect(() => {
    if (error) notifications.show({ color: 'red', ...UserToasts.loadFailed });
  }, [error]);

  const result = (data ?? previousData)?.adminUsers;
  const pages = pageCount(result?.total, ADMIN_USERS_PAGE_SIZE);

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader
          title="Users"
          description="Find members, change their membership status or role, and see their details."
        />
        <Group align="flex-end" gap="md" wrap="wrap" role="search">
          <TextInput
            label="Search users"
            placeholder="Name or email"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            type="search"
            style={{ flex: '1 1 18rem' }}
          />
          <Select
            label="Status"
            data={USER_STATUS_FILTER_OPTIONS.map((option) => ({ ...option }))}
            value={status}
            onChange={(value) => {
              setStatus((value as UserStatusFilter | null) ?? 'ALL');
              setPage(1);
            }}
            allowDeselect={false}
            style={{ flex: '0 1 12rem' }}
          />
        </Group>
        {error && (
          <LoadFailedAlert message={UserToasts.loadFailed.message} onRetry={() => void refetch()} />
        )}
        <ResultsStatus loading={loading} count={result?.total} noun={['user', 'users']} />
        <div aria-busy={loading}>
          {!result && loading ? (
            <SectionLoader label="Loading users" />
          ) : result && result.users.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">{AdminUserMessages.noUsers}</Text>
            </Card>
          ) : (
            <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {result?.users.map((user) => (
                <li key={user.id}>
                  <UserCard
                    user={user}
                    onChanged={() => refetch()}
                    onViewDetails={() => setDetailsOf(user.id)}
                  />
                </li>
              ))}
            </Stack>
          )}
        </div>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              disabled={loading}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? 'Previous page'
                    : control === 'next'
                      ? 'Next page'
                      : control === 'first'
                        ? 'First page'
                        : 'Last page',
              })}
            />
          </Group>
        )}
      </Stack>
      <UserDetailsDrawer userId={detailsOf} onClose={() => setDetailsOf(null)} />
    </Container>
  );
}
