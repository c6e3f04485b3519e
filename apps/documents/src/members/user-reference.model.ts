import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** Identity's User, referenced by id: the gateway asks identity for its name and email. */
@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserReference {
  @Field(() => ID)
  id!: string;
}
