import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { MemorialPhotoEntity } from './memorial-photo.entity';

@ObjectType('MemorialPhoto')
export class PhotoModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  memorialId!: string;

  @Field(() => String, { nullable: true })
  caption!: string | null;

  @Field(() => Int)
  displayOrder!: number;

  @Field({ description: 'image/jpeg or image/png, from the content.' })
  contentType!: string;

  @Field(() => Int, { description: 'Bytes.' })
  size!: number;

  @Field()
  createdAt!: Date;

  /** Not a field: the stored key, for `url`. */
  filePath!: string;

  static from(photo: MemorialPhotoEntity): PhotoModel {
    return Object.assign(new PhotoModel(), {
      id: photo.id,
      memorialId: photo.memorialId,
      caption: photo.caption,
      displayOrder: photo.displayOrder,
      contentType: photo.contentType,
      size: photo.size,
      createdAt: photo.createdAt,
      filePath: photo.filePath,
    });
  }
}

@ObjectType('MemorialPhotoLink', { description: 'A short-lived presigned GET (5 minutes).' })
export class PhotoLinkModel {
  @Field()
  url!: string;

  @Field()
  expiresAt!: Date;
}

@ObjectType('MemorialUploadHeader')
export class MemorialUploadHeaderModel {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@ObjectType('MemorialPhotoUploadSlot', {
  description:
    'PUT the file to `url` with `headers`, then call confirmMemorialPhotoUpload with `key`.',
})
export class PhotoUploadSlotModel {
  @Field()
  key!: string;

  @Field()
  url!: string;

  @Field()
  method!: string;

  @Field(() => [MemorialUploadHeaderModel])
  headers!: MemorialUploadHeaderModel[];

  @Field()
  expiresAt!: Date;
}

@InputType('StartMemorialPhotoUploadInput')
export class StartPhotoUploadInput {
  @Field(() => ID)
  memorialId!: string;

  @Field()
  fileName!: string;

  @Field({ description: "The browser's content type (File.type); may be empty." })
  fileType!: string;

  @Field(() => Int)
  fileSize!: number;
}

@InputType('ConfirmMemorialPhotoUploadInput')
export class ConfirmPhotoUploadInput {
  @Field(() => ID)
  memorialId!: string;

  @Field()
  key!: string;

  @Field(() => String, { nullable: true })
  caption?: string | null;
}
