import type { Role } from '../gql/graphql';

/** What the access rules need to know about the signed-in user. */
export interface AccessUser {
  role: Role;
  /** From billing, through federation on `User`; null until billing has answered. */
  registrationFeePaid: boolean | null;
}

export function isAdmin(user: Pick<AccessUser, 'role'>): boolean {
  return user.role === 'ADMIN';
}

/**
 * Whether the user has finished registering (spec 6): a member counts as registered once the
 * registration fee is paid; admins are exempt. This is the one place that decides it.
 */
export function registrationComplete(user: AccessUser): boolean {
  return isAdmin(user) || user.registrationFeePaid === true;
}
