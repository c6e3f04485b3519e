import { useQuery } from '@apollo/client/react';
import { Card, Container, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADMIN_USERS_PAGE_SIZE,
  AdminLayoutMessages,
  AdminUserMessages,
  AdminUsersPageMessages,
} from '@jibs/domain';
import { translateText, useMessages } from '@jibs/web-data';
import { notify } from '../../../shared/components/notify';
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
  userStatusFilterOptions,
  userStatusVariable,
  UserToasts,
  type UserStatusFilter,
} from '../utils/user-display';

/** /admin/users (spec: Admin users): search, status filter, cards, server-side pages. */
export function UsersPage() {
  const {
    AdminUsersPageMessages: m,
    AdminUserMessages: users,
    AdminLayoutMessages: layout,
  } = useMessages({ AdminUsersPageMessages, AdminUserMessages, AdminLayoutMessages });
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
    if (error) notify('red', UserToasts.loadFailed);
  }, [error]);

  const result = (data ?? previousData)?.adminUsers;
  const pages = pageCount(result?.total, ADMIN_USERS_PAGE_SIZE);

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={layout.users} description={m.description} />
        <Group align="flex-end" gap="md" wrap="wrap" role="search">
          <TextInput
            label={m.searchUsers}
            placeholder={m.nameOrEmail}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            type="search"
            style={{ flex: '1 1 18rem' }}
          />
          <Select
            label={m.status}
            data={userStatusFilterOptions(m).map((option) => ({ ...option }))}
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
          <LoadFailedAlert
            message={translateText(UserToasts.loadFailed.message)}
            onRetry={() => void refetch()}
          />
        )}
        <ResultsStatus
          text={
            loading || result === undefined
              ? m.loadingUsers
              : result.total === 1
                ? m.oneUserFound
                : m.usersFound(result.total)
          }
        />
        <div aria-busy={loading}>
          {!result && loading ? (
            <SectionLoader label={m.loadingUsers} />
          ) : result && result.users.length === 0 ? (
            <Card withBorder padding="xl">
              <Text ta="center">{users.noUsers}</Text>
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
              getItemProps={(item) => ({ 'aria-label': m.pageNumber(item) })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? m.previousPage
                    : control === 'next'
                      ? m.nextPage
                      : control === 'first'
                        ? m.firstPage
                        : m.lastPage,
              })}
            />
          </Group>
        )}
      </Stack>
      <UserDetailsDrawer userId={detailsOf} onClose={() => setDetailsOf(null)} />
    </Container>
  );
}
