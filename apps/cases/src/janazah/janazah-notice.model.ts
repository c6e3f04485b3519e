import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { userReference, type UserReference } from '@jibs/subgraph';
import type { JanazahNoticeEntity } from './janazah-notice.entity';

const User = userReference();

/** What the caller may know beside the notice itself, computed for them by the service. */
export interface JanazahViewerFacts {
  /** A registered member or an admin: may read the family contact. */
  member: boolean;
  attendeeCount: number;
  attending: boolean;
}

@ObjectType('JanazahNotice')
export class JanazahNoticeModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  reportId!: string;

  @Field()
  deceasedName!: string;

  @Field({ description: 'The prayer moment (ISO); shown in `timeZone`.' })
  prayerAt!: Date;

  @Field({ description: 'IANA time zone.' })
  timeZone!: string;

  @Field()
  masjidName!: string;

  @Field()
  masjidAddress!: string;

  @Field()
  burialPlace!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Members and admins only; always null for a visitor.',
  })
  familyContact!: string | null;

  @Field({ description: "'members' or 'public'." })
  visibility!: string;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field({ description: "'active' or 'cancelled'." })
  status!: string;

  @Field(() => String, { nullable: true })
  cancelReason!: string | null;

  @Field(() => Int, {
    description: 'Raised on each edit and the cancellation (calendar SEQUENCE).',
  })
  sequence!: number;

  @Field(() => Int, { description: "Members who said 'I will attend'." })
  attendeeCount!: number;

  @Field({ description: "Whether the caller said 'I will attend' (false for a visitor)." })
  attending!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  /** The reporting member, for the attendees resolver (admins) and the family's checks. */
  userId!: string;

  static from(row: JanazahNoticeEntity, facts: JanazahViewerFacts): JanazahNoticeModel {
    return Object.assign(new JanazahNoticeModel(), {
      id: row.id,
      reportId: row.reportId,
      deceasedName: row.deceasedName,
      prayerAt: row.prayerAt,
      timeZone: row.timeZone,
      masjidName: row.masjidName,
      masjidAddress: row.masjidAddress,
      burialPlace: row.burialPlace,
      familyContact: facts.member ? row.familyContact : null,
      visibility: row.visibility,
      note: row.note,
      status: row.status,
      cancelReason: row.cancelReason,
      sequence: row.sequence,
      attendeeCount: facts.attendeeCount,
      attending: facts.attending,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      userId: row.userId,
    });
  }
}

/** An admin's view of who said they will attend. */
@ObjectType('JanazahAttendee')
export class JanazahAttendeeModel {
  @Field(() => User)
  member!: UserReference;

  @Field()
  since!: Date;

  static of(userId: string, since: Date): JanazahAttendeeModel {
    return Object.assign(new JanazahAttendeeModel(), { member: User.of(userId), since });
  }
}
