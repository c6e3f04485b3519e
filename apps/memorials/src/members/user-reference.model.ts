import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** Identity's User, referenced by id (identity shows details only to the user and admins). */
@ObjectType('User')
@Directive('@key(fields: "id", resolvable: false)')
export class UserReference {
  @Field(() => ID)
  id!: string;
}
