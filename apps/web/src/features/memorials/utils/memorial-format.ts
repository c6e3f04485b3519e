import {
  cleanText,
  MEMORIAL_PRIVACY_LABELS,
  MemorialMessages,
  type MemorialPrivacyLevel,
} from '@jibs/domain';
import { ErrorCode } from '@jibs/domain';
import { type ApiError, genericErrorMessage } from '@jibs/web-data';
import type { MemorialInput, MemorialPrivacy } from '../../../gql/graphql';

/** The API's privacy names, in the order the select offers them. */
export const MEMORIAL_PRIVACY_OPTIONS: { value: MemorialPrivacy; label: string }[] = [
  { value: 'FAMILY_ONLY', label: 'Family only' },
  { value: 'PUBLIC', label: 'Public' },
  { value: 'PRIVATE', label: 'Private' },
];

export function privacyLevelOf(privacy: MemorialPrivacy): MemorialPrivacyLevel {
  return privacy.toLowerCase() as MemorialPrivacyLevel;
}

/** The badge: 'Public', 'Family Only', 'Private'. */
export function privacyLabel(privacy: MemorialPrivacy): string {
  return MEMORIAL_PRIVACY_LABELS[privacyLevelOf(privacy)];
}

export function privacyColor(privacy: MemorialPrivacy): string {
  if (privacy === 'PUBLIC') return 'green';
  if (privacy === 'PRIVATE') return 'gray';
  return 'jibs';
}

/** Empty fields, or fields of only invisible characters, are sent as null (spec: the rest optional). */
export function emptyAsNull(value: string): string | null {
  const cleaned = cleanText(value);
  return cleaned ? cleaned : null;
}

/** A failure that is not about one field, in the screen's words. */
export function memorialFailureMessage(error: ApiError, fallback: string): string {
  if (error.code === ErrorCode.NotFound) return MemorialMessages.notFoundMessage;
  if (error.code === ErrorCode.RateLimited) return error.message || genericErrorMessage(error);
  if (error.code === ErrorCode.BadUserInput || error.code === ErrorCode.Conflict) {
    return error.message || fallback;
  }
  if (error.code === ErrorCode.Forbidden || error.code === ErrorCode.Unauthenticated) {
    return genericErrorMessage(error);
  }
  if (error.network || (error.status && error.status >= 500)) return genericErrorMessage(error);
  return fallback;
}

export interface MemorialFormValues {
  fullName: string;
  birthDate: string;
  deathDate: string;
  birthLocation: string;
  deathLocation: string;
  biography: string;
  privacyLevel: MemorialPrivacy;
}

export const EMPTY_MEMORIAL: MemorialFormValues = {
  fullName: '',
  birthDate: '',
  deathDate: '',
  birthLocation: '',
  deathLocation: '',
  biography: '',
  privacyLevel: 'FAMILY_ONLY',
};

/** The values as the API takes them: trimmed, empty as null. */
export function toMemorialInput(values: MemorialFormValues): MemorialInput {
  return {
    fullName: values.fullName.trim(),
    birthDate: emptyAsNull(values.birthDate),
    deathDate: emptyAsNull(values.deathDate),
    birthLocation: emptyAsNull(values.birthLocation),
    deathLocation: emptyAsNull(values.deathLocation),
    biography: emptyAsNull(values.biography),
    privacyLevel: values.privacyLevel,
  };
}
