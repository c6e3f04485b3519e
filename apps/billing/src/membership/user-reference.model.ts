import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';
import { MembershipStatus } from '../billing-enums';

/** Identity's User, extended with what billing knows about the member. */
@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserReference {
  @Field(() => ID)
  id!: string;

  @Field()
  registrationFeePaid!: boolean;

  @Field(() => MembershipStatus)
  membershipStatus!: MembershipStatus;
}

/**
 * No billing operation returns a User, so nothing would pull the entity into the schema; an
 * abstract holder (never emitted) references it, which Nest treats as an orphaned type to keep.
 */
@ObjectType({ isAbstract: true })
export abstract class UserReferenceAnchor {
  @Field(() => UserReference)
  user!: UserReference;
}
