import { Inject } from '@nestjs/common';
import {
  Args,
  Context,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import DataLoader from 'dataloader';
import {
  CurrentUser,
  Public,
  type AuthUser,
  RegisteredMember,
  REGISTRATION_LOOKUP,
  registeredViewer,
  type RegistrationLookup,
} from '@jibs/auth';
import { PhotoModel } from '../photos/photo.model';
import { PhotosService } from '../photos/photos.service';
import {
  MemorialInput,
  MemorialModel,
  TimelineEntryKind,
  TimelineEntryModel,
} from './memorial.model';
import { MemorialsService } from './memorials.service';

type Counts = Map<string, { memories: number; photos: number }>;
/** Per request: the counts of every memorial the request returned, loaded in one batch. */
const COUNTS = Symbol('memorialCounts');
/** Per request: profile images, loaded together for every memorial that asks. */
const PROFILE_IMAGES = Symbol('memorialProfileImages');
type CountsContext = {
  [COUNTS]?: { ids: Set<string>; loaded?: Promise<Counts> };
  [PROFILE_IMAGES]?: DataLoader<MemorialModel, string | null>;
};

/**
 * Memorial fields are `@Public()`: whoever was given the memorial may read them, and the
 * operations give one only to those the memorial policy lets see it. Photos also ask the policy
 * again, on the relation the operation computed for this caller (`may`).
 */
@Resolver(() => MemorialModel)
export class MemorialsResolver {
  constructor(
    private readonly service: MemorialsService,
    private readonly photoService: PhotosService,
    @Inject(REGISTRATION_LOOKUP) private readonly registrations: RegistrationLookup,
  ) {}

  @Public()
  @Query(() => [MemorialModel], {
    description:
      'Active memorials the caller may see, newest first: visitors the public ones; signed-in users also those they created or are connected to.',
  })
  async memorials(
    @CurrentUser() user: AuthUser | null,
    @Context() context: CountsContext,
  ): Promise<MemorialModel[]> {
    const rows = await this.service.list(await registeredViewer(this.registrations, user));
    context[COUNTS] = { ids: new Set(rows.map(({ memorial }) => memorial.id)) };
    return rows.map(({ memorial, relation }) => MemorialModel.from(memorial, relation));
  }

  @Public()
  @Query(() => MemorialModel, {
    description: "NOT_FOUND 'Memorial Not Found' when it does not exist or may not be seen.",
  })
  async memorial(
    @CurrentUser() user: AuthUser | null,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<MemorialModel> {
    const { memorial, relation } = await this.service.get(
      await registeredViewer(this.registrations, user),
      id,
    );
    return MemorialModel.from(memorial, relation);
  }

  @RegisteredMember()
  @Mutation(() => MemorialModel, { description: "Creates a memorial ('Memorial Created')." })
  async createMemorial(
    @CurrentUser() user: AuthUser,
    @Args('input') input: MemorialInput,
  ): Promise<MemorialModel> {
    const { memorial, relation } = await this.service.create(user, input);
    return MemorialModel.from(memorial, relation);
  }

  @RegisteredMember()
  @Mutation(() => MemorialModel, { description: 'The creator or an editor replaces every field.' })
  async updateMemorial(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: MemorialInput,
  ): Promise<MemorialModel> {
    const { memorial, relation } = await this.service.update(user, id, input);
    return MemorialModel.from(memorial, relation);
  }

  @RegisteredMember()
  @Mutation(() => Boolean, {
    description: 'The creator (or an admin, for a public memorial) deactivates it; never deleted.',
  })
  async deactivateMemorial(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    await this.service.deactivate(user, id);
    return true;
  }

  @Public()
  @ResolveField(() => Int, { description: 'Approved memories.' })
  async memoryCount(@Parent() memorial: MemorialModel, @Context() context: CountsContext) {
    return (await this.countsOf(memorial, context)).memories;
  }

  @Public()
  @ResolveField(() => Int)
  async photoCount(@Parent() memorial: MemorialModel, @Context() context: CountsContext) {
    return (await this.countsOf(memorial, context)).photos;
  }

  @Public()
  @ResolveField(() => [PhotoModel], { description: 'In display order.' })
  async photos(@Parent() memorial: MemorialModel): Promise<PhotoModel[]> {
    if (!memorial.may('photoUrl')) return [];
    return (await this.photoService.list(memorial.id)).map((photo) => PhotoModel.from(photo));
  }

  @Public()
  @ResolveField(() => String, {
    nullable: true,
    description: 'The profile photo through a short-lived presigned GET; null without one.',
  })
  async profileImageUrl(
    @Parent() memorial: MemorialModel,
    @Context() context: CountsContext,
  ): Promise<string | null> {
    if (!memorial.may('photoUrl')) return null;
    context[PROFILE_IMAGES] ??= new DataLoader(
      async (memorials: readonly MemorialModel[]) => {
        const links = await this.photoService.profileImages(memorials);
        return memorials.map((each) => links.get(each.id)?.url ?? null);
      },
      { cache: false },
    );
    return context[PROFILE_IMAGES].load(memorial);
  }

  @Public()
  @ResolveField(() => [TimelineEntryModel], {
    description: 'Birth, dated approved memories and death, in date order.',
  })
  async timeline(@Parent() memorial: MemorialModel): Promise<TimelineEntryModel[]> {
    const entries = await this.service.timeline(memorial);
    return entries.map((entry) => ({ ...entry, kind: entry.kind as TimelineEntryKind }));
  }

  private async countsOf(memorial: MemorialModel, context: CountsContext) {
    const batch = context[COUNTS];
    if (!batch?.ids.has(memorial.id)) {
      return (await this.service.counts([memorial.id])).get(memorial.id)!;
    }
    batch.loaded ??= this.service.counts([...batch.ids]);
    return (await batch.loaded).get(memorial.id)!;
  }
}
