import { Field, ID, InputType, Int } from '@nestjs/graphql';

@InputType('StartDocumentUploadInput')
export class StartDocumentUploadInput {
  @Field()
  fileName!: string;

  @Field({ description: "The browser's content type for the file (File.type); may be empty." })
  fileType!: string;

  @Field(() => Int)
  fileSize!: number;

  @Field()
  documentType!: string;
}

@InputType('ConfirmDocumentUploadInput')
export class ConfirmDocumentUploadInput {
  @Field()
  key!: string;

  @Field()
  fileName!: string;

  @Field()
  documentType!: string;

  @Field(() => ID, { nullable: true })
  deathReportId?: string | null;
}
