import { SetMetadata } from '@nestjs/common';
import { Role } from '@jibs/domain';

export const ACCESS_DECISION = 'jibs:access-decision';

export type AccessDecision =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'registered' }
  | { kind: 'roles'; roles: Role[] };

/** Anyone may call; a valid token, when sent, still identifies the caller. */
export const Public = () =>
  SetMetadata(ACCESS_DECISION, { kind: 'public' } satisfies AccessDecision);

/** Any signed-in user; the service layer then limits them to their own rows. */
export const Authenticated = () =>
  SetMetadata(ACCESS_DECISION, { kind: 'authenticated' } satisfies AccessDecision);

/** Only users holding one of these roles. */
export const Roles = (...roles: Role[]) =>
  SetMetadata(ACCESS_DECISION, { kind: 'roles', roles } satisfies AccessDecision);

/**
 * A signed-in user who completed registration (registration fee paid; spec 6) or an admin, who
 * is exempt. Others get FORBIDDEN 'Registration Required...'. The service provides the answer
 * through `REGISTRATION_LOOKUP` (see registration.ts); without one, everyone but admins is refused.
 */
export const RegisteredMember = () =>
  SetMetadata(ACCESS_DECISION, { kind: 'registered' } satisfies AccessDecision);
