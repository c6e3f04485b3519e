import { MemorialPageMessages } from '@jibs/domain';
import type { MemorialPrivacy } from '../../../gql/graphql';

// Apart from memorial-format.ts: the privacy badge shows at a memorial's first paint, the
// failures' wording (with the API's error helpers) only on a failure.

type Texts = typeof MemorialPageMessages;

/** The API's privacy names, in the order the select offers them, in the reader's language. */
export function memorialPrivacyOptions(
  text: Texts = MemorialPageMessages,
): { value: MemorialPrivacy; label: string }[] {
  return [
    { value: 'FAMILY_ONLY', label: text.familyOnlyOption },
    { value: 'PUBLIC', label: text.publicBadge },
    { value: 'PRIVATE', label: text.privateBadge },
  ];
}

/** The badge: 'Public', 'Family Only', 'Private'. */
export function privacyLabel(privacy: MemorialPrivacy, text: Texts = MemorialPageMessages): string {
  if (privacy === 'PUBLIC') return text.publicBadge;
  if (privacy === 'PRIVATE') return text.privateBadge;
  return text.familyOnlyBadge;
}

export function privacyColor(privacy: MemorialPrivacy): string {
  if (privacy === 'PUBLIC') return 'green';
  if (privacy === 'PRIVATE') return 'gray';
  return 'jibs';
}
