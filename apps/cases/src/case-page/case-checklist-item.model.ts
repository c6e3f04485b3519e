import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('CaseChecklistItem')
export class CaseChecklistItemModel {
  @Field(() => ID, { description: '`<reportId>:<key>`: the item of this case.' })
  id!: string;

  @Field()
  key!: string;

  @Field()
  label!: string;

  @Field({ description: "'family' or 'admin': who may tick it (admins tick any)." })
  owner!: string;

  @Field(() => String, { nullable: true })
  documentType!: string | null;

  @Field()
  done!: boolean;

  @Field({ description: 'The family may tick it (false for admin items).' })
  familyMayTick!: boolean;

  @Field(() => Date, { nullable: true })
  doneAt!: Date | null;

  @Field({ description: 'Ticked by an approved document or a recorded payout, not by hand.' })
  automatic!: boolean;
}
