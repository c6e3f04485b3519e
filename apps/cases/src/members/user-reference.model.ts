import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** Identity's User, referenced by id only: identity resolves the member's name and email. */
@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserReference {
  @Field(() => ID)
  id!: string;

  static of(id: string): UserReference {
    return Object.assign(new UserReference(), { id });
  }
}
