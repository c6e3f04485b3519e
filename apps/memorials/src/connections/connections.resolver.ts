import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, type AuthUser, RegisteredMember } from '@jibs/auth';
import { MemorialModel } from '../memorials/memorial.model';
import { ConnectionModel, InvitationModel } from './connection.model';
import { ConnectionsService } from './connections.service';

@Resolver(() => ConnectionModel)
export class ConnectionsResolver {
  constructor(private readonly service: ConnectionsService) {}

  @RegisteredMember()
  @Mutation(() => ConnectionModel, {
    description:
      'The creator invites a family member by email (an address without an account waits for sign-up).',
  })
  async inviteToMemorial(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
    @Args('email') email: string,
    @Args('canEdit', { defaultValue: false }) canEdit: boolean,
  ): Promise<ConnectionModel> {
    return ConnectionModel.from(await this.service.invite(user, memorialId, email, canEdit));
  }

  @RegisteredMember()
  @Query(() => [InvitationModel], {
    description: "Invitations to the signed-in user's email address (from the access token).",
  })
  async myMemorialInvitations(@CurrentUser() user: AuthUser): Promise<InvitationModel[]> {
    return (await this.service.mine(user)).map((invitation) => InvitationModel.from(invitation));
  }

  @RegisteredMember()
  @Mutation(() => MemorialModel, {
    description: "Accepts the invitation to the signed-in user's verified email address.",
  })
  async acceptMemorialInvitation(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
  ): Promise<MemorialModel> {
    const { memorial, relation } = await this.service.accept(user, memorialId);
    return MemorialModel.from(memorial, relation);
  }

  @RegisteredMember()
  @Query(() => [ConnectionModel], {
    description: "The creator's list of connections and invitations.",
  })
  async memorialConnections(
    @CurrentUser() user: AuthUser,
    @Args('memorialId', { type: () => ID }) memorialId: string,
  ): Promise<ConnectionModel[]> {
    return (await this.service.list(user, memorialId)).map((row) => ConnectionModel.from(row));
  }

  @RegisteredMember()
  @Mutation(() => Boolean, { description: 'The creator removes a connection or an invitation.' })
  async removeMemorialConnection(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    await this.service.remove(user, id);
    return true;
  }
}
