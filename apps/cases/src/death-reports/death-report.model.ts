import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { userReference, type UserReference } from '@jibs/subgraph';
import type { DeathReportEntity } from './death-report.entity';
import { ReviewStatus } from './review-enums';
import { DeceasedKind } from '../assistance/assessment.model';

const User = userReference();

@ObjectType('DeathReport')
@Directive('@key(fields: "id")')
export class DeathReportModel {
  @Field(() => ID)
  id!: string;

  @Field()
  deceasedName!: string;

  @Field({ description: 'YYYY-MM-DD.' })
  dateOfDeath!: string;

  @Field()
  placeOfDeath!: string;

  @Field({ description: 'One of the relationships the form offers (RELATIONSHIPS_TO_DECEASED).' })
  relationshipToDeceased!: string;

  @Field(() => String, { nullable: true })
  additionalNotes!: string | null;

  @Field(() => DeceasedKind, { description: 'Who died, as the member said.' })
  deceasedKind!: DeceasedKind;

  @Field(() => ID, { nullable: true, description: 'The household member who died, if one did.' })
  deceasedHouseholdMemberId!: string | null;

  @Field(() => ReviewStatus)
  status!: ReviewStatus;

  @Field(() => String, {
    nullable: true,
    description: "The reviewer's note the member is shown; null until reviewed.",
  })
  adminNotes!: string | null;

  @Field(() => Date, { nullable: true })
  reviewedAt!: Date | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => User, { description: 'The member who reported it.' })
  member!: UserReference;

  static from(row: DeathReportEntity): DeathReportModel {
    return Object.assign(new DeathReportModel(), {
      id: row.id,
      deceasedName: row.deceasedName,
      dateOfDeath: row.dateOfDeath,
      placeOfDeath: row.placeOfDeath,
      relationshipToDeceased: row.relationshipToDeceased,
      additionalNotes: row.additionalNotes,
      deceasedKind: row.deceasedKind,
      deceasedHouseholdMemberId: row.deceasedMemberId,
      status: row.status,
      adminNotes: row.adminNotes,
      reviewedAt: row.reviewedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      member: User.of(row.userId),
    });
  }
}

@ObjectType('DeathReportCounts')
export class DeathReportCountsModel {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  pending!: number;
}
