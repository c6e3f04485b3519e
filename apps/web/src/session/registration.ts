import type { Role } from '../gql/graphql';

/** What the access rules need to know about the signed-in user. */
export interface AccessUser {
  role: Role;
}

export function isAdmin(user: AccessUser): boolean {
  return user.role === 'ADMIN';
}

/**
 * Whether the user has finished registering (spec 6): a member counts as registered once the
 * registration fee is paid; admins are exempt. This is the one place that decides it.
 *
 * The fee flag belongs to billing (the billing issue: household members, registration
 * payment and membership setup), which will add `registrationFeePaid` to `User` through
 * federation. Until it does, no member can have paid, so every member is still registering.
 */
export function registrationComplete(user: AccessUser): boolean {
  return isAdmin(user);
}
