import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { CaseDocumentEntity } from './case-document.entity';

@ObjectType('CaseDocument')
export class CaseDocumentModel {
  @Field(() => ID)
  id!: string;

  @Field()
  documentType!: string;

  @Field()
  fileName!: string;

  @Field({ description: 'pending, approved or rejected.' })
  status!: string;

  @Field()
  uploadedAt!: Date;

  static from(row: CaseDocumentEntity): CaseDocumentModel {
    return Object.assign(new CaseDocumentModel(), {
      id: row.documentId,
      documentType: row.documentType,
      fileName: row.fileName,
      status: row.status,
      uploadedAt: row.uploadedAt,
    });
  }
}
