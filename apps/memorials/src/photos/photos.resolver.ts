import { Inject } from '@nestjs/common';
import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
  CurrentUser,
  Public,
  type AuthUser,
  RegisteredMember,
  REGISTRATION_LOOKUP,
  registeredViewer,
  type RegistrationLookup,
} from '@jibs/auth';
import {
  ConfirmPhotoUploadInput,
  PhotoLinkModel,
  PhotoModel,
  PhotoUploadSlotModel,
  StartPhotoUploadInput,
} from './photo.model';
import { PhotosService } from './photos.service';

@Resolver(() => PhotoModel)
export class PhotosResolver {
  constructor(
    private readonly service: PhotosService,
    @Inject(REGISTRATION_LOOKUP) private readonly registrations: RegistrationLookup,
  ) {}

  @RegisteredMember()
  @Mutation(() => PhotoUploadSlotModel, {
    description:
      'The creator or an editor: checks the declared file (JPEG or PNG, 10 MB; rate limited: 10 per 60 s per member).',
  })
  async startMemorialPhotoUpload(
    @CurrentUser() user: AuthUser,
    @Args('input') input: StartPhotoUploadInput,
  ): Promise<PhotoUploadSlotModel> {
    const slot = await this.service.startUpload(user, input);
    return {
      key: slot.key,
      url: slot.url,
      method: slot.method,
      headers: Object.entries(slot.headers).map(([name, value]) => ({ name, value })),
      expiresAt: slot.expiresAt,
    };
  }

  @RegisteredMember()
  @Mutation(() => PhotoModel, {
    description: 'Verifies the uploaded photo by its content and adds it last.',
  })
  async confirmMemorialPhotoUpload(
    @CurrentUser() user: AuthUser,
    @Args('input') input: ConfirmPhotoUploadInput,
  ): Promise<PhotoModel> {
    return PhotoModel.from(await this.service.confirmUpload(user, input));
  }

  @RegisteredMember()
  @Mutation(() => [PhotoModel], {
    description: "The memorial's photos in their new order: each of its photos exactly once.",
  })
  async reorderMemorialPhotos(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
    @Args('photoIds', { type: () => [ID] }) photoIds: string[],
  ): Promise<PhotoModel[]> {
    return (await this.service.reorder(user, memorialId, photoIds)).map((photo) =>
      PhotoModel.from(photo),
    );
  }

  @Public()
  @Query(() => PhotoLinkModel, {
    description: "A photo's short-lived URL, for whoever may see its memorial.",
  })
  async memorialPhotoUrl(
    @CurrentUser() user: AuthUser | null,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<PhotoLinkModel> {
    return this.service.link(await registeredViewer(this.registrations, user), id);
  }

  /** Whoever was given the photo: photos are listed only to those who may see their memorial. */
  @Public()
  @ResolveField(() => String, {
    description: 'A short-lived presigned GET (5 minutes); photos are listed only to viewers.',
  })
  async url(@Parent() photo: PhotoModel): Promise<string> {
    return (await this.service.presign(photo.filePath)).url;
  }
}
