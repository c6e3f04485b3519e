import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('UploadHeader')
export class UploadHeaderModel {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@ObjectType('DocumentUploadSlot', {
  description: 'PUT the file to `url` with `headers`, then call confirmDocumentUpload with `key`.',
})
export class DocumentUploadSlotModel {
  @Field()
  key!: string;

  @Field()
  url!: string;

  @Field()
  method!: string;

  @Field(() => [UploadHeaderModel])
  headers!: UploadHeaderModel[];

  @Field()
  expiresAt!: Date;
}

@ObjectType('DownloadLink', { description: 'A short-lived presigned GET (5 minutes).' })
export class DownloadLinkModel {
  @Field()
  url!: string;

  @Field()
  fileName!: string;

  @Field()
  expiresAt!: Date;
}

@ObjectType('UploadLimits')
export class UploadLimitsModel {
  @Field(() => Int)
  maxFileSizeBytes!: number;

  @Field(() => [String], { description: 'Extensions as the settings name them: pdf, jpg, ...' })
  allowedFileTypes!: string[];
}

@ObjectType('DocumentStats')
export class DocumentStatsModel {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  pending!: number;
}
