import { MembershipStatus } from './fees';
import { Role } from './roles';

/** The largest page of /admin/users one request may ask for. */
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
/** The page size /admin/users shows. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** A longer search is not a name or an email. */
export const ADMIN_USERS_MAX_SEARCH_LENGTH = 254;

/**
 * /admin/users: the server's refusals and the spec's toasts (Admin toasts in the error
 * catalogue). The server's messages are what the toasts' `{message}` shows.
 */
export const AdminUserMessages = {
  unknownRole: 'Choose a role: member or admin',
  unknownStatus: 'Choose a membership status: active, pending or inactive',
  lastAdmin: 'The last admin cannot be demoted. Make another user an admin first.',
  userNotFound: 'User not found',
  limitOutOfRange: `Choose a limit from 1 to ${ADMIN_USERS_MAX_PAGE_SIZE}`,
  offsetOutOfRange: 'The offset cannot be negative',
  searchTooLong: `Search at most ${ADMIN_USERS_MAX_SEARCH_LENGTH} characters`,
  fetchFailed: 'Failed to fetch users',
  noUsers: 'No users found matching your criteria.',
  roleUpdated: (role: string) => `User role updated to ${role}`,
  statusUpdated: (status: string) => `Membership status updated to ${status}`,
  roleFailed: (message: string) => `Failed to update user role: ${message}`,
  statusFailed: (message: string) => `Failed to update membership status: ${message}`,
} as const;

/** A role as stored, from its stored value or its GraphQL name; null when it is neither. */
export function parseRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return (Object.values(Role) as string[]).includes(lower) ? (lower as Role) : null;
}

/** A membership status as stored, from its stored value or its GraphQL name; else null. */
export function parseMembershipStatus(value: unknown): MembershipStatus | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return (Object.values(MembershipStatus) as string[]).includes(lower)
    ? (lower as MembershipStatus)
    : null;
}

/** A search typed by an admin as a literal ILIKE pattern (its %, _ and \ mean themselves). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
