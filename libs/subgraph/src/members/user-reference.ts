import type { Type } from '@nestjs/common';
import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** Identity's User, referenced by id: identity resolves the member's name and email. */
export interface UserReference {
  id: string;
}

export type UserReferenceType = Type<UserReference> & { of(id: string): UserReference };

const made = new Map<boolean, UserReferenceType>();

/**
 * The `User` type a service refers to members with. Made on the first call, so that only a
 * service that asks for it has it in its schema (Nest's type registry is process-wide).
 * `resolvable`: the service adds fields to User (an admin's view of a user's rows); without
 * them it only points at users (`@key(fields: "id", resolvable: false)`).
 */
export function userReference(resolvable = true): UserReferenceType {
  const known = made.get(resolvable);
  if (known) return known;
  @ObjectType('User')
  @Directive(resolvable ? '@key(fields: "id")' : '@key(fields: "id", resolvable: false)')
  class User implements UserReference {
    @Field(() => ID)
    id!: string;

    static of(id: string): User {
      return Object.assign(new User(), { id });
    }
  }
  made.set(resolvable, User);
  return User;
}
