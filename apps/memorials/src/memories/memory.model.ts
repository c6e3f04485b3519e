import { Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { userReference, type UserReference } from '@jibs/subgraph';
import type { MemorialMemoryEntity } from './memorial-memory.entity';

const User = userReference(false);

export enum MemoryStatus {
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(MemoryStatus, { name: 'MemoryStatus' });

export enum MemoryDecision {
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(MemoryDecision, { name: 'MemoryDecision' });

@ObjectType('MemorialMemory', { description: 'A memory; plain text as entered.' })
export class MemoryModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  memorialId!: string;

  @Field()
  title!: string;

  @Field()
  content!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  memoryDate!: string | null;

  @Field(() => MemoryStatus, {
    description: 'Others see approved memories only; the contributor also sees their own.',
  })
  status!: MemoryStatus;

  @Field(() => User)
  contributor!: UserReference;

  @Field({ description: "The contributor's name when they shared it; never an email." })
  contributorName!: string;

  @Field()
  createdAt!: Date;

  static from(memory: MemorialMemoryEntity): MemoryModel {
    return Object.assign(new MemoryModel(), {
      id: memory.id,
      memorialId: memory.memorialId,
      title: memory.title,
      content: memory.content,
      memoryDate: memory.memoryDate,
      status: memory.status as MemoryStatus,
      contributor: { id: memory.contributorId },
      contributorName: memory.contributorName,
      createdAt: memory.createdAt,
    });
  }
}

@InputType('MemoryInput')
export class MemoryInput {
  @Field()
  title!: string;

  @Field()
  content!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, not in the future.' })
  memoryDate?: string | null;
}
