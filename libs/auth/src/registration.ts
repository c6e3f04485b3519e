import { DomainError, Messages, Role } from '@jibs/domain';
import type { AuthUser } from './access-token';

/**
 * The service's answer to "has this member completed registration (paid the registration
 * fee)?", from its own read model of billing's `membership.registration_paid`. Provided by each
 * service that has `@RegisteredMember()` operations; the guard finds it by this token.
 */
export const REGISTRATION_LOOKUP = Symbol('REGISTRATION_LOOKUP');

export interface RegistrationLookup {
  isRegistrationPaid(userId: string): Promise<boolean>;
}

/** FORBIDDEN unless the user is an admin (exempt) or their registration is paid. */
export async function requireRegistration(
  lookup: RegistrationLookup | null,
  user: AuthUser,
): Promise<void> {
  if (user.role === Role.ADMIN) return;
  if (lookup && (await lookup.isRegistrationPaid(user.id))) return;
  throw DomainError.forbidden(Messages.registrationRequired);
}

/**
 * For public operations that show a signed-in member more than a visitor sees: the caller when
 * an admin or registered, else null (served as a visitor).
 */
export async function registeredViewer(
  lookup: RegistrationLookup,
  user: AuthUser | null,
): Promise<AuthUser | null> {
  if (!user || user.role === Role.ADMIN) return user;
  return (await lookup.isRegistrationPaid(user.id)) ? user : null;
}
