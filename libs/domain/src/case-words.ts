import { OTHER } from './documents';

/**
 * Who died, as the forms offer it and the services store it (relationships: spec section 3),
 * written once; `CaseValueMessages` names them to translate them. Kept apart so fees and the
 * schemas load these words alone.
 */
export const CaseWords = {
  accountHolder: 'The account holder',
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  grandparent: 'Grandparent',
  grandchild: 'Grandchild',
  otherFamilyMember: 'Other Family Member',
  friend: 'Friend',
  other: OTHER,
} as const;
