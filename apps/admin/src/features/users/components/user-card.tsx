import { AdminMessages, AdminUsersPageMessages } from '@jibs/domain';
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { notify } from '../../../shared/components/notify';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import { useState } from 'react';
import {
  SetMembershipStatusDocument,
  SetUserRoleDocument,
  type AdminUserCardFragment,
} from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import {
  addressLines,
  membershipStatusOptions,
  membershipColor,
  membershipLabel,
  roleOptions,
  roleLabel,
  UserToasts,
} from '../utils/user-display';

type Saving = 'status' | 'role' | null;

/** One user on /admin/users: the spec's fields, the status and role dropdowns, View Details. */
export function UserCard({
  user,
  onChanged,
  onViewDetails,
}: {
  user: AdminUserCardFragment;
  onChanged: () => Promise<unknown>;
  onViewDetails: () => void;
}) {
  const { AdminUsersPageMessages: m, AdminMessages: admin } = useMessages({
    AdminUsersPageMessages,
    AdminMessages,
  });
  const { moment: dateTime } = useReaderFormat();
  const [saving, setSaving] = useState<Saving>(null);
  const [setStatus] = useMutation(SetMembershipStatusDocument);
  const [setRole] = useMutation(SetUserRoleDocument);
  const headingId = `user-${user.id}`;
  const address = addressLines(user);

  const change = async (what: 'status' | 'role', value: string | null) => {
    if (!value) return;
    if (what === 'status' ? value === user.membershipStatus : value === user.role) return;
    setSaving(what);
    try {
      if (what === 'status') {
        await setStatus({ variables: { userId: user.id, status: value } });
        notify('green', UserToasts.statusUpdated(value));
      } else {
        await setRole({ variables: { userId: user.id, role: value } });
        notify('green', UserToasts.roleUpdated(value));
      }
      await onChanged().catch(() => undefined);
    } catch (error) {
      const message = actionErrorMessage(toApiError(error));
      notify(
        'red',
        what === 'status' ? UserToasts.statusFailed(message) : UserToasts.roleFailed(message),
      );
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" id={headingId}>
              <bdi>{user.fullName}</bdi>
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <bdi>{user.email}</bdi>
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge color={membershipColor(user.membershipStatus)} variant="light" size="lg">
              {membershipLabel(user.membershipStatus, m)}
            </Badge>
            <Badge color={user.role === 'ADMIN' ? 'grape' : 'blue'} variant="light" size="lg">
              {roleLabel(user.role, m)}
            </Badge>
            <Badge color={user.registrationFeePaid ? 'green' : 'yellow'} variant="light" size="lg">
              {user.registrationFeePaid ? m.feePaid : m.feePending}
            </Badge>
          </Group>
        </Group>
        <DetailList
          compact
          items={[
            { label: m.joined, value: dateTime(user.createdAt) },
            { label: m.address, value: address.length ? address.join('\n') : m.notGiven },
          ]}
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={m.membershipStatus}
            aria-label={m.membershipStatusOf(user.fullName)}
            data={membershipStatusOptions(m)}
            value={user.membershipStatus}
            onChange={(value) => void change('status', value)}
            allowDeselect={false}
            disabled={saving !== null}
            style={{ flex: '0 1 12rem' }}
          />
          <Select
            label={m.role}
            aria-label={m.roleOf(user.fullName)}
            data={roleOptions(m)}
            value={user.role}
            onChange={(value) => void change('role', value)}
            allowDeselect={false}
            disabled={saving !== null}
            style={{ flex: '0 1 10rem' }}
          />
          <Button
            variant="light"
            onClick={onViewDetails}
            disabled={saving !== null}
            aria-label={m.viewDetailsOf(user.fullName)}
          >
            {m.viewDetails}
          </Button>
          <Text role="status" c="dimmed">
            {saving ? admin.updating : ''}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
