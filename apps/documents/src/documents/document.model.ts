import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { userReference, type UserReference } from '@jibs/subgraph';
import { ReviewStatus } from './review-enums';
import type { DocumentEntity } from './document.entity';

const User = userReference();

@ObjectType('Document')
export class DocumentModel {
  @Field(() => ID)
  id!: string;

  @Field()
  fileName!: string;

  @Field({ description: 'One of DOCUMENT_TYPES.' })
  documentType!: string;

  @Field(() => Int, { description: 'Bytes, as measured in the bucket.' })
  fileSize!: number;

  @Field({ description: 'MIME type from the content (magic bytes).' })
  fileType!: string;

  @Field(() => ReviewStatus)
  status!: ReviewStatus;

  @Field(() => String, { nullable: true })
  adminNotes!: string | null;

  @Field(() => Date, { nullable: true })
  reviewedAt!: Date | null;

  @Field()
  createdAt!: Date;

  @Field(() => ID, { nullable: true })
  deathReportId!: string | null;

  @Field(() => User)
  member!: UserReference;

  static from(row: DocumentEntity): DocumentModel {
    return Object.assign(new DocumentModel(), {
      id: row.id,
      fileName: row.fileName,
      documentType: row.documentType,
      fileSize: row.fileSize,
      fileType: row.fileType,
      status: row.status,
      adminNotes: row.adminNotes,
      reviewedAt: row.reviewedAt,
      createdAt: row.createdAt,
      deathReportId: row.deathReportId,
      member: User.of(row.userId),
    });
  }
}
