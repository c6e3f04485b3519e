import { AdminMessages, formatDateTime } from '@jibs/domain';
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
import { useState } from 'react';
import {
  SetMembershipStatusDocument,
  SetUserRoleDocument,
  type AdminUserCardFragment,
} from '../../../gql/graphql';
import { DetailList } from '@jibs/web-ui';
import {
  addressLines,
  MEMBERSHIP_STATUS_OPTIONS,
  membershipColor,
  membershipLabel,
  ROLE_OPTIONS,
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
        notifications.show({ color: 'green', ...UserToasts.statusUpdated(value) });
      } else {
        await setRole({ variables: { userId: user.id, role: value } });
        notifications.show({ color: 'green', ...UserToasts.roleUpdated(value) });
      }
      await onChanged().catch(() => undefined);
    } catch (error) {
      const message = actionErrorMessage(toApiError(error));
      notifications.show({
        color: 'red',
        ...(what === 'status' ? UserToasts.statusFailed(message) : UserToasts.roleFailed(message)),
      });
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
              {user.fullName}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge color={membershipColor(user.membershipStatus)} variant="light" size="lg">
              {membershipLabel(user.membershipStatus)}
            </Badge>
            <Badge color={user.role === 'ADMIN' ? 'grape' : 'blue'} variant="light" size="lg">
              {roleLabel(user.role)}
            </Badge>
            <Badge color={user.registrationFeePaid ? 'green' : 'yellow'} variant="light" size="lg">
              {user.registrationFeePaid ? 'Fee Paid' : 'Fee Pending'}
            </Badge>
          </Group>
        </Group>
        <DetailList
          compact
          items={[
            { label: 'Joined', value: formatDateTime(user.createdAt) },
            { label: 'Address', value: address.length ? address.join('\n') : 'Not given' },
          ]}
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Membership status"
            aria-label={`Membership status of ${user.fullName}`}
            data={MEMBERSHIP_STATUS_OPTIONS}
            value={user.membershipStatus}
            onChange={(value) => void change('status', value)}
            allowDeselect={false}
            disabled={saving !== null}
            style={{ flex: '0 1 12rem' }}
          />
          <Select
            label="Role"
            aria-label={`Role of ${user.fullName}`}
            data={ROLE_OPTIONS}
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
            aria-label={`View details of ${user.fullName}`}
          >
            View Details
          </Button>
          <Text role="status" c="dimmed">
            {saving ? AdminMessages.updating : ''}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
