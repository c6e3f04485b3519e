import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Role } from '@jibs/domain';
import { OthersGetNullInterceptor } from './self-or-admin';

export const ACCESS_DECISION = 'jibs:access-decision';

/**
 * Who may call an operation, or read a field or an entity reference: every resolver carries one
 * (the access audit lists them and fails on one without), and the guard enforces it.
 */
export type AccessDecision =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'registered' }
  | { kind: 'roles'; roles: Role[] }
  | { kind: 'self'; othersGet: 'refusal' | 'null' };

/**
 * Anyone may call; a valid token, when sent, still identifies the caller. On a field: whoever
 * was given the parent object (the operation that returned it decided who that is).
 */
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

/**
 * For the fields and the reference resolver of a User: the user the parent object is (its `id`)
 * or an admin. Anyone else is refused (UNAUTHENTICATED, FORBIDDEN), or, with
 * `{ othersGet: null }`, answered null without an error (an entity reference that must not
 * even say whether the user exists).
 */
export const SelfOrAdmin = (options: { othersGet?: null } = {}) =>
  'othersGet' in options
    ? applyDecorators(
        SetMetadata(ACCESS_DECISION, {
          kind: 'self',
          othersGet: 'null',
        } satisfies AccessDecision),
        UseInterceptors(OthersGetNullInterceptor),
      )
    : SetMetadata(ACCESS_DECISION, { kind: 'self', othersGet: 'refusal' } satisfies AccessDecision);
