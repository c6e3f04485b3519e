import { Inject } from '@nestjs/common';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  CurrentUser,
  Public,
  type AuthUser,
  RegisteredMember,
  REGISTRATION_LOOKUP,
  registeredViewer,
  type RegistrationLookup,
} from '@jibs/auth';
import { MemoriesService } from './memories.service';
import { MemoryDecision, MemoryInput, MemoryModel } from './memory.model';

@Resolver(() => MemoryModel)
export class MemoriesResolver {
  constructor(
    private readonly service: MemoriesService,
    @Inject(REGISTRATION_LOOKUP) private readonly registrations: RegistrationLookup,
  ) {}

  @Public()
  @Query(() => [MemoryModel], {
    description:
      "A memorial's approved memories, newest first, plus the caller's own pending or rejected ones.",
  })
  async memories(
    @CurrentUser() user: AuthUser | null,
    @Args('memorialId', { type: () => ID }) memorialId: string,
  ): Promise<MemoryModel[]> {
    return (
      await this.service.listed(await registeredViewer(this.registrations, user), memorialId)
    ).map((memory) => MemoryModel.from(memory));
  }

  @RegisteredMember()
  @Query(() => [MemoryModel], {
    description: 'Memories waiting for approval, oldest first: the creator and editors only.',
  })
  async moderationQueue(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
  ): Promise<MemoryModel[]> {
    return (await this.service.queue(user, memorialId)).map((memory) => MemoryModel.from(memory));
  }

  @RegisteredMember()
  @Mutation(() => MemoryModel, {
    description:
      'Shares a memory: APPROVED at once for the creator, else PENDING until a moderator decides. Limited per contributor per hour (RATE_LIMITED).',
  })
  async addMemory(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
    @Args('input') input: MemoryInput,
  ): Promise<MemoryModel> {
    return MemoryModel.from(await this.service.add(user, memorialId, input));
  }

  @RegisteredMember()
  @Mutation(() => MemoryModel, { description: 'The creator or an editor approves or rejects.' })
  async moderateMemory(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('decision', { type: () => MemoryDecision }) decision: MemoryDecision,
  ): Promise<MemoryModel> {
    return MemoryModel.from(await this.service.moderate(user, id, decision));
  }
}
