import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { CaseTimelineEntryEntity } from './case-timeline-entry.entity';

@ObjectType('CaseTimelineEntry')
export class CaseTimelineEntryModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'One of CASE_STEPS (libs/domain), e.g. submitted, under_review.' })
  step!: string;

  @Field({ description: 'What the family reads.' })
  label!: string;

  @Field(() => String, { nullable: true, description: "The reviewer's notes, a reason." })
  notes!: string | null;

  @Field(() => Int, { nullable: true, description: 'Cents, for the assistance steps.' })
  amount!: number | null;

  @Field()
  at!: Date;

  static from(row: CaseTimelineEntryEntity): CaseTimelineEntryModel {
    return Object.assign(new CaseTimelineEntryModel(), {
      id: row.seq,
      step: row.step,
      label: row.label,
      notes: row.notes,
      amount: row.amount,
      at: row.at,
    });
  }
}
