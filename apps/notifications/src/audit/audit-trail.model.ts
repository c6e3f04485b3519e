import { Directive, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import type { AuditTrailEntity } from './audit-trail.entity';

/** Identity's User, referenced by id only: identity resolves the names (batched). */
@ObjectType('User')
@Directive('@key(fields: "id", resolvable: false)')
export class AuditUserReference {
  @Field(() => ID)
  id!: string;

  static of(id: string): AuditUserReference {
    return Object.assign(new AuditUserReference(), { id });
  }
}

@ObjectType('AuditTrailEntry', { description: 'One admin action, as its service recorded it.' })
export class AuditTrailEntryModel {
  @Field(() => ID, { description: "The owning service's audit entry id." })
  id!: string;

  @Field({ description: "The service's event source, e.g. 'jibs/cases'." })
  service!: string;

  @Field({ description: "e.g. 'death_report.approved', 'user.role_changed'." })
  action!: string;

  @Field({ description: "e.g. 'death_report', 'document', 'user', 'settings'." })
  subjectType!: string;

  @Field()
  subjectId!: string;

  @Field(() => AuditUserReference, { description: 'The admin who acted.' })
  actor!: AuditUserReference;

  @Field(() => AuditUserReference, {
    nullable: true,
    description: 'The member the action concerns, when there is one.',
  })
  member!: AuditUserReference | null;

  @Field(() => String, {
    nullable: true,
    description: "The row's safe fields before the action, as a JSON object.",
  })
  before!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The row's safe fields after the action, as a JSON object.",
  })
  after!: string | null;

  @Field()
  recordedAt!: Date;

  static from(row: AuditTrailEntity): AuditTrailEntryModel {
    return Object.assign(new AuditTrailEntryModel(), {
      id: row.entryId,
      service: row.service,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      actor: AuditUserReference.of(row.actorId),
      member: row.memberId ? AuditUserReference.of(row.memberId) : null,
      before: row.before ? JSON.stringify(row.before) : null,
      after: row.after ? JSON.stringify(row.after) : null,
      recordedAt: row.recordedAt,
    });
  }
}

@ObjectType('AuditTrailPage')
export class AuditTrailPageModel {
  @Field(() => [AuditTrailEntryModel], { description: 'Newest first.' })
  entries!: AuditTrailEntryModel[];

  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last page.',
  })
  endCursor!: string | null;

  @Field()
  hasNextPage!: boolean;
}

@InputType('AuditTrailFilter')
export class AuditTrailFilterInput {
  @Field(() => ID, { nullable: true, description: 'Actions concerning this member.' })
  memberId?: string | null;

  @Field(() => ID, { nullable: true, description: "This admin's actions." })
  actorId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Exactly this action, e.g. 'death_report.approved'.",
  })
  action?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "One service, e.g. 'jibs/cases' or 'cases'.",
  })
  service?: string | null;

  @Field(() => Date, { nullable: true, description: 'Recorded at or after.' })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Recorded before.' })
  to?: Date | null;
}

export const AUDIT_PAGE_DEFAULT = 20;
export const AUDIT_PAGE_MAX = 100;
