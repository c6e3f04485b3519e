import { Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { MemorialPrivacyLevel } from '@jibs/domain';
import {
  mayOnMemorial,
  type MemorialAction,
  type MemorialRelation,
} from '../access/memorial-policy';
import { userReference, type UserReference } from '@jibs/subgraph';
import type { MemorialEntity } from './memorial.entity';

const User = userReference(false);

export enum MemorialPrivacy {
  PUBLIC = 'public',
  FAMILY_ONLY = 'family_only',
  PRIVATE = 'private',
}
registerEnumType(MemorialPrivacy, {
  name: 'MemorialPrivacy',
  description:
    'public: everyone, visitors included; family_only (default): the creator and connected family; private: the creator and connected editors.',
});

export enum TimelineEntryKind {
  BIRTH = 'BIRTH',
  MEMORY = 'MEMORY',
  DEATH = 'DEATH',
}
registerEnumType(TimelineEntryKind, { name: 'MemorialTimelineEntryKind' });

@ObjectType('MemorialPermissions', { description: 'What the caller may do with this memorial.' })
export class MemorialPermissionsModel {
  @Field()
  canEdit!: boolean;

  @Field()
  canInvite!: boolean;

  @Field()
  canModerate!: boolean;

  @Field()
  canAddMemory!: boolean;

  @Field()
  canDeactivate!: boolean;

  @Field({ description: 'May turn on anniversary reminders (creator and connected family).' })
  canRemind!: boolean;
}

@ObjectType('MemorialTimelineEntry')
export class TimelineEntryModel {
  @Field(() => TimelineEntryKind)
  kind!: TimelineEntryKind;

  @Field({ description: 'YYYY-MM-DD.' })
  date!: string;

  @Field({ description: "The memory's title; for birth and death, the place when known." })
  title!: string;

  @Field(() => ID, { nullable: true })
  memoryId!: string | null;
}

@ObjectType('Memorial', {
  description: 'A memorial page. Every text is plain text as entered: render it as text.',
})
export class MemorialModel {
  @Field(() => ID)
  id!: string;

  @Field()
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  birthDate!: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  deathDate!: string | null;

  @Field(() => String, { nullable: true })
  birthLocation!: string | null;

  @Field(() => String, { nullable: true })
  deathLocation!: string | null;

  @Field(() => String, { nullable: true })
  biography!: string | null;

  @Field(() => MemorialPrivacy)
  privacyLevel!: MemorialPrivacy;

  @Field(() => ID, {
    nullable: true,
    description: 'The photo shown as the profile image (see profileImageUrl).',
  })
  profilePhotoId!: string | null;

  @Field(() => User)
  createdBy!: UserReference;

  @Field()
  isActive!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => MemorialPermissionsModel)
  viewerPermissions!: MemorialPermissionsModel;

  /** Not a field: what the caller may do with it, for the field resolvers. */
  may!: (action: MemorialAction) => boolean;

  static from(memorial: MemorialEntity, relation: MemorialRelation): MemorialModel {
    const may = (action: MemorialAction) => mayOnMemorial(relation, memorial, action);
    return Object.assign(new MemorialModel(), {
      id: memorial.id,
      fullName: memorial.fullName,
      birthDate: memorial.birthDate,
      deathDate: memorial.deathDate,
      birthLocation: memorial.birthLocation,
      deathLocation: memorial.deathLocation,
      biography: memorial.biography,
      privacyLevel: memorial.privacyLevel as MemorialPrivacy,
      profilePhotoId: memorial.profilePhotoId,
      createdBy: { id: memorial.createdBy },
      isActive: memorial.isActive,
      createdAt: memorial.createdAt,
      updatedAt: memorial.updatedAt,
      may,
      viewerPermissions: {
        canEdit: may('edit'),
        canInvite: may('invite'),
        canModerate: may('moderate'),
        canAddMemory: may('addMemory'),
        canDeactivate: may('deactivate'),
        canRemind: may('remind'),
      },
    });
  }
}

@InputType('MemorialInput', {
  description:
    'Create or edit. Only fullName is required; empty strings are stored as null. An edit replaces every field except privacyLevel and profilePhotoId, which change only when given.',
})
export class MemorialInput {
  @Field()
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, not in the future.' })
  birthDate?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD, not in the future, not before birthDate.',
  })
  deathDate?: string | null;

  @Field(() => String, { nullable: true })
  birthLocation?: string | null;

  @Field(() => String, { nullable: true })
  deathLocation?: string | null;

  @Field(() => String, { nullable: true })
  biography?: string | null;

  @Field(() => MemorialPrivacy, {
    nullable: true,
    description: 'FAMILY_ONLY when a memorial is created without one; kept on edit when omitted.',
  })
  privacyLevel?: MemorialPrivacyLevel | null;

  @Field(() => ID, {
    nullable: true,
    description:
      "Edit only: one of the memorial's photos as its profile image, null for none, omitted to keep it.",
  })
  profilePhotoId?: string | null;
}
