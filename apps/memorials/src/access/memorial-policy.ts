import { Role, type MemorialPrivacyLevel } from '@jibs/domain';

/** How the caller stands towards one memorial. */
export type MemorialRelation = 'visitor' | 'stranger' | 'viewer' | 'editor' | 'creator' | 'admin';

export type MemorialAction =
  | 'view'
  | 'list'
  | 'photoUrl'
  | 'memories'
  | 'addMemory'
  | 'moderate'
  | 'edit'
  | 'invite'
  | 'deactivate'
  | 'remind';

export const MEMORIAL_ACTIONS: readonly MemorialAction[] = [
  'view',
  'list',
  'photoUrl',
  'memories',
  'addMemory',
  'moderate',
  'edit',
  'invite',
  'deactivate',
  'remind',
];

export interface MemorialFacts {
  createdBy: string;
  privacyLevel: MemorialPrivacyLevel;
  isActive: boolean;
}

export interface Caller {
  id: string;
  role: Role;
}

/** The caller's accepted connection to the memorial, if any. */
export interface ConnectionFacts {
  canEdit: boolean;
}

/**
 * Who the caller is to the memorial. The creator stays the creator whatever their role; an
 * admin without a connection is an admin, one with a connection is what the connection says.
 */
export function relationTo(
  caller: Caller | null,
  memorial: MemorialFacts,
  connection: ConnectionFacts | null,
): MemorialRelation {
  if (!caller) return 'visitor';
  if (caller.id === memorial.createdBy) return 'creator';
  if (connection) return connection.canEdit ? 'editor' : 'viewer';
  return caller.role === Role.ADMIN ? 'admin' : 'stranger';
}

/** Who sees a memorial at each privacy level (issue 15). */
const SEES: Record<MemorialPrivacyLevel, ReadonlySet<MemorialRelation>> = {
  public: new Set(['visitor', 'stranger', 'viewer', 'editor', 'creator', 'admin']),
  family_only: new Set(['viewer', 'editor', 'creator']),
  private: new Set(['editor', 'creator']),
};

/**
 * The one place memorial access is decided. Seeing comes first: whoever may not see a memorial
 * may do nothing with it, and is answered as if it did not exist. Among those who see it:
 * - any signed-in user may share a memory (it waits for moderation unless they are the creator);
 * - the creator and editors (connections with can_edit) edit and moderate;
 * - only the creator invites and removes connections;
 * - the creator deactivates; an admin may deactivate a public memorial (taking down abuse);
 * - the creator and connected family (viewers and editors) turn on anniversary reminders.
 * Admins get no other power over memorials: privacy is the family's, and the spec gives
 * admins no memorial role. A deactivated memorial is seen by nobody.
 */
export function mayOnMemorial(
  relation: MemorialRelation,
  memorial: Pick<MemorialFacts, 'privacyLevel' | 'isActive'>,
  action: MemorialAction,
): boolean {
  if (!memorial.isActive || !SEES[memorial.privacyLevel].has(relation)) return false;
  switch (action) {
    case 'view':
    case 'list':
    case 'photoUrl':
    case 'memories':
      return true;
    case 'addMemory':
      return relation !== 'visitor';
    case 'moderate':
    case 'edit':
      return relation === 'creator' || relation === 'editor';
    case 'invite':
      return relation === 'creator';
    case 'deactivate':
      return relation === 'creator' || relation === 'admin';
    case 'remind':
      return relation === 'creator' || relation === 'editor' || relation === 'viewer';
  }
}

/** Whether the memorial is visible at all: if not, every answer is 'Memorial Not Found'. */
export function maySee(
  relation: MemorialRelation,
  memorial: Pick<MemorialFacts, 'privacyLevel' | 'isActive'>,
): boolean {
  return mayOnMemorial(relation, memorial, 'view');
}
