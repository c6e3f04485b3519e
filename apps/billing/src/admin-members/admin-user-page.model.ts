import { Field, Int, ObjectType } from '@nestjs/graphql';
import { UserReference } from '../membership/user-reference.model';

/** One page of /admin/users: billing's members, newest first; identity fills in each User. */
@ObjectType('AdminUserPage')
export class AdminUserPageModel {
  @Field(() => Int, { description: 'How many users match the search and status filter.' })
  total!: number;

  @Field(() => [UserReference])
  users!: UserReference[];
}
