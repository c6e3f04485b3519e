import { Field, ID, ObjectType } from '@nestjs/graphql';
import { userReference, type UserReference } from '@jibs/subgraph';
import type { Invitation } from './connections.service';
import type { MemorialConnectionEntity } from './memorial-connection.entity';

const User = userReference(false);

@ObjectType('MemorialConnection', {
  description: "A family member's connection; shown to the memorial's creator only.",
})
export class ConnectionModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  memorialId!: string;

  @Field({ description: 'The address the creator invited.' })
  invitedEmail!: string;

  @Field()
  canEdit!: boolean;

  @Field(() => User, { nullable: true, description: 'Null until accepted.' })
  user!: UserReference | null;

  @Field(() => Date, { nullable: true })
  acceptedAt!: Date | null;

  @Field()
  createdAt!: Date;

  static from(connection: MemorialConnectionEntity): ConnectionModel {
    return Object.assign(new ConnectionModel(), {
      id: connection.id,
      memorialId: connection.memorialId,
      invitedEmail: connection.invitedEmail,
      canEdit: connection.canEdit,
      user: connection.userId ? { id: connection.userId } : null,
      acceptedAt: connection.acceptedAt,
      createdAt: connection.createdAt,
    });
  }
}

@ObjectType('MemorialInvitation', {
  description: "An invitation waiting for the signed-in user's email address.",
})
export class InvitationModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  memorialId!: string;

  @Field()
  memorialName!: string;

  @Field()
  canEdit!: boolean;

  @Field()
  invitedAt!: Date;

  static from({ connection, memorialName }: Invitation): InvitationModel {
    return {
      id: connection.id,
      memorialId: connection.memorialId,
      memorialName,
      canEdit: connection.canEdit,
      invitedAt: connection.createdAt,
    };
  }
}
