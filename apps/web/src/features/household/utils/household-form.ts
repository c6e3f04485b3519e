import {
  Relationship as DomainRelationship,
  type HouseholdMemberDraft,
  type HouseholdPageMessages,
} from '@jibs/domain';
import type {
  HouseholdMemberInput,
  HouseholdMemberItemFragment,
  Relationship,
} from '../../../gql/graphql';

/** One household member as the forms hold it (GraphQL relationship names). */
export interface MemberForm {
  /** Local key for the list. */
  key: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  relationship: Relationship | null;
  childCertified: boolean;
  isWorkingFullTime: boolean;
  parentCertified: boolean;
}

type RelationshipLabels = Pick<typeof HouseholdPageMessages, 'spouse' | 'child' | 'parent'>;

/** The relationships a member can choose, in the reader's language (the messages given). */
export function relationshipOptions(
  text: RelationshipLabels,
): { value: Relationship; label: string }[] {
  return [
    { value: 'SPOUSE', label: text.spouse },
    { value: 'CHILD', label: text.child },
    { value: 'PARENT', label: text.parent },
  ];
}

export function relationshipLabel(relationship: Relationship, text: RelationshipLabels): string {
  return relationshipOptions(text).find((o) => o.value === relationship)?.label ?? relationship;
}

let nextKey = 0;

export function emptyMemberForm(): MemberForm {
  nextKey += 1;
  return {
    key: `new-${nextKey}`,
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    relationship: null,
    childCertified: false,
    isWorkingFullTime: false,
    parentCertified: false,
  };
}

/** A saved member back in the wizard's form: what was stored was certified then. */
export function memberFormFromSaved(member: HouseholdMemberItemFragment): MemberForm {
  return {
    key: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    dateOfBirth: member.dateOfBirth,
    relationship: member.relationship,
    isWorkingFullTime: member.isWorkingFullTime === true,
    childCertified: member.relationship === 'CHILD' && member.isWorkingFullTime !== true,
    parentCertified: member.isDependentParent === true,
  };
}

/** The form in the shape the shared rules read (@jibs/domain). */
export function toDomainDraft(form: MemberForm): HouseholdMemberDraft {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    dateOfBirth: form.dateOfBirth,
    relationship: form.relationship ? DomainRelationship[form.relationship] : null,
    childCertified: form.relationship === 'CHILD' ? form.childCertified : null,
    isWorkingFullTime: form.relationship === 'CHILD' ? form.isWorkingFullTime : null,
    parentCertified: form.relationship === 'PARENT' ? form.parentCertified : null,
  };
}

/** The form as the API's input: certifications only for the relationship they belong to. */
export function toMemberInput(form: MemberForm): HouseholdMemberInput {
  const child = form.relationship === 'CHILD';
  const parent = form.relationship === 'PARENT';
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    dateOfBirth: form.dateOfBirth,
    relationship: form.relationship,
    childCertified: child ? form.childCertified && !form.isWorkingFullTime : null,
    isWorkingFullTime: child ? form.isWorkingFullTime : null,
    parentCertified: parent ? form.parentCertified : null,
  };
}
