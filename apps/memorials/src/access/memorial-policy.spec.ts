import { Role, type MemorialPrivacyLevel } from '@jibs/domain';
import {
  MEMORIAL_ACTIONS,
  mayOnMemorial,
  relationTo,
  type MemorialAction,
  type MemorialRelation,
} from './memorial-policy';

const RELATIONS: MemorialRelation[] = [
  'visitor',
  'stranger',
  'viewer',
  'editor',
  'creator',
  'admin',
];

/**
 * Every cell: for each privacy level and action, the relations allowed. Anything not listed is
 * refused. Written out in full so a change to the policy shows up here as a diff.
 */
const ALLOWED: Record<MemorialPrivacyLevel, Record<MemorialAction, MemorialRelation[]>> = {
  public: {
    view: ['visitor', 'stranger', 'viewer', 'editor', 'creator', 'admin'],
    list: ['visitor', 'stranger', 'viewer', 'editor', 'creator', 'admin'],
    photoUrl: ['visitor', 'stranger', 'viewer', 'editor', 'creator', 'admin'],
    memories: ['visitor', 'stranger', 'viewer', 'editor', 'creator', 'admin'],
    addMemory: ['stranger', 'viewer', 'editor', 'creator', 'admin'],
    moderate: ['editor', 'creator'],
    edit: ['editor', 'creator'],
    invite: ['creator'],
    deactivate: ['creator', 'admin'],
    remind: ['viewer', 'editor', 'creator'],
  },
  family_only: {
    view: ['viewer', 'editor', 'creator'],
    list: ['viewer', 'editor', 'creator'],
    photoUrl: ['viewer', 'editor', 'creator'],
    memories: ['viewer', 'editor', 'creator'],
    addMemory: ['viewer', 'editor', 'creator'],
    moderate: ['editor', 'creator'],
    edit: ['editor', 'creator'],
    invite: ['creator'],
    deactivate: ['creator'],
    remind: ['viewer', 'editor', 'creator'],
  },
  private: {
    view: ['editor', 'creator'],
    list: ['editor', 'creator'],
    photoUrl: ['editor', 'creator'],
    memories: ['editor', 'creator'],
    addMemory: ['editor', 'creator'],
    moderate: ['editor', 'creator'],
    edit: ['editor', 'creator'],
    invite: ['creator'],
    deactivate: ['creator'],
    remind: ['editor', 'creator'],
  },
};

const CELLS = (Object.keys(ALLOWED) as MemorialPrivacyLevel[]).flatMap((privacyLevel) =>
  MEMORIAL_ACTIONS.flatMap((action) =>
    RELATIONS.map((relation) => ({
      privacyLevel,
      action,
      relation,
      allowed: ALLOWED[privacyLevel][action].includes(relation),
    })),
  ),
);

describe('mayOnMemorial', () => {
  it('covers 6 relations x 3 levels x 10 actions', () => {
    expect(CELLS).toHaveLength(6 * 3 * 10);
  });

  it.each(CELLS)(
    '$privacyLevel: $relation may $action -> $allowed',
    ({ privacyLevel, action, relation, allowed }) => {
      expect(mayOnMemorial(relation, { privacyLevel, isActive: true }, action)).toBe(allowed);
    },
  );

  it('lets nobody do anything with a deactivated memorial', () => {
    for (const cell of CELLS) {
      expect(
        mayOnMemorial(
          cell.relation,
          { privacyLevel: cell.privacyLevel, isActive: false },
          cell.action,
        ),
      ).toBe(false);
    }
  });
});

describe('relationTo', () => {
  const memorial = { createdBy: 'c', privacyLevel: 'private' as const, isActive: true };
  const member = (id: string) => ({ id, role: Role.MEMBER });

  it('tells every relation apart', () => {
    expect(relationTo(null, memorial, null)).toBe('visitor');
    expect(relationTo(member('x'), memorial, null)).toBe('stranger');
    expect(relationTo(member('x'), memorial, { canEdit: false })).toBe('viewer');
    expect(relationTo(member('x'), memorial, { canEdit: true })).toBe('editor');
    expect(relationTo(member('c'), memorial, null)).toBe('creator');
    expect(relationTo({ id: 'c', role: Role.ADMIN }, memorial, null)).toBe('creator');
    expect(relationTo({ id: 'a', role: Role.ADMIN }, memorial, null)).toBe('admin');
    expect(relationTo({ id: 'a', role: Role.ADMIN }, memorial, { canEdit: true })).toBe('editor');
  });
});
