import { formatPhone, toE164, updateProfileSchema } from '@jibs/domain';
import type { ProfileFragment, UpdateProfileInput } from '../../../gql/graphql';

/** The profile fields a member may change (spec 2, Profile); each saves on its own. */
export type EditableField =
  'phone' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode';

export type ProfileEdit =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; message: string }
  | { kind: 'save'; input: UpdateProfileInput };

/** How a stored value is shown in its field: the phone as (555) 123-4567, absent as empty. */
export function displayValue(field: EditableField, stored: string | null): string {
  if (!stored) return '';
  return field === 'phone' ? formatPhone(stored) : stored;
}

/** The value as the server stores it: the phone as +1XXXXXXXXXX, an empty line 2 as null. */
function storedValue(field: EditableField, typed: string): string | null {
  const value = typed.trim();
  if (field === 'phone') return toE164(value);
  if (field === 'addressLine2') return value === '' ? null : value;
  return value;
}

/**
 * What to do with one field's typed value: nothing when it is what is stored, its message when
 * the shared rule refuses it, else the update carrying just that field.
 */
export function profileEdit(
  field: EditableField,
  typed: string,
  current: Pick<ProfileFragment, EditableField>,
): ProfileEdit {
  // Leaving a field as it was is never an error, even when what is stored is empty.
  if (typed.trim() === displayValue(field, current[field] ?? null).trim()) {
    return { kind: 'unchanged' };
  }
  const candidate = field === 'addressLine2' && typed.trim() === '' ? null : typed;
  const checked = updateProfileSchema.safeParse({ [field]: candidate });
  if (!checked.success) {
    return {
      kind: 'invalid',
      message: checked.error.issues[0]?.message ?? 'Please check this field',
    };
  }
  const stored = storedValue(field, typed);
  if (stored === (current[field] ?? null)) return { kind: 'unchanged' };
  return { kind: 'save', input: { [field]: stored } };
}
