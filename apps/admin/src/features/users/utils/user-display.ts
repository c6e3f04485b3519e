import { AdminUserMessages, AdminMessages, AdminUsersPageMessages } from '@jibs/domain';
import type { MembershipStatus, Role } from '../../../gql/graphql';

/** The status filter's options (spec: All, Active, Pending, Inactive). */
type Words = typeof AdminUsersPageMessages;

export function userStatusFilterOptions(m: Words = AdminUsersPageMessages) {
  return [
    { value: 'ALL', label: m.all },
    { value: 'ACTIVE', label: m.active },
    { value: 'PENDING', label: m.pending },
    { value: 'INACTIVE', label: m.inactive },
  ] as const;
}

export type UserStatusFilter = ReturnType<typeof userStatusFilterOptions>[number]['value'];

/** The status dropdown on each card, in the reader's language. */
export function membershipStatusOptions(
  m: Words = AdminUsersPageMessages,
): { value: MembershipStatus; label: string }[] {
  return [
    { value: 'ACTIVE', label: m.active },
    { value: 'PENDING', label: m.pending },
    { value: 'INACTIVE', label: m.inactive },
  ];
}

/** The role dropdown on each card. */
export function roleOptions(m: Words = AdminUsersPageMessages): { value: Role; label: string }[] {
  return [
    { value: 'MEMBER', label: m.member },
    { value: 'ADMIN', label: m.admin },
  ];
}

/** The status filter as the query's variable: undefined means every status. */
export function userStatusVariable(filter: string | null): string | undefined {
  return filter === 'ACTIVE' || filter === 'PENDING' || filter === 'INACTIVE'
    ? filter.toLowerCase()
    : undefined;
}

/** 'active', 'admin': how the spec's toasts name a status or role. */
export const lowerWord = (value: string) => value.toLowerCase();

/** 'Active', 'Admin'; an unknown value reads 'Unknown' (spec 4). */
export function membershipLabel(status: string, m: Words = AdminUsersPageMessages): string {
  return membershipStatusOptions(m).find((o) => o.value === status)?.label ?? m.unknown;
}

export function roleLabel(role: string, m: Words = AdminUsersPageMessages): string {
  return roleOptions(m).find((o) => o.value === role)?.label ?? m.unknown;
}

/** Active green, pending yellow, inactive red, unknown grey. */
export function membershipColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status) {
    case 'ACTIVE':
      return 'green';
    case 'PENDING':
      return 'yellow';
    case 'INACTIVE':
      return 'red';
    default:
      return 'gray';
  }
}

/** Line 1, then 'City, ST 12345'; what is missing is left out (an admin has no address). */
export function addressLines(user: {
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}): string[] {
  const cityLine = [user.city, [user.state, user.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [user.addressLine1, user.addressLine2, cityLine].filter((line): line is string => !!line);
}

/** Page count for the pagination control (at least one page). */
export function pageCount(total: number | undefined, pageSize: number): number {
  return Math.max(1, Math.ceil((total ?? 0) / pageSize));
}

/** The spec's toasts (Admin toasts), with the server's message where one is shown. */
export const UserToasts = {
  loadFailed: { title: AdminMessages.errorTitle, message: AdminUserMessages.fetchFailed },
  roleUpdated: (role: string) => ({
    title: AdminMessages.successTitle,
    message: AdminUserMessages.roleUpdated(lowerWord(role)),
  }),
  roleFailed: (message: string) => ({
    title: AdminMessages.errorTitle,
    message: AdminUserMessages.roleFailed(message),
  }),
  statusUpdated: (status: string) => ({
    title: AdminMessages.successTitle,
    message: AdminUserMessages.statusUpdated(lowerWord(status)),
  }),
  statusFailed: (message: string) => ({
    title: AdminMessages.errorTitle,
    message: AdminUserMessages.statusFailed(message),
  }),
} as const;
