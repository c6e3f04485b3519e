import { cleanText, MemorialMessages } from '@jibs/domain';
import { ErrorCode } from '@jibs/domain';
import { type ApiError, genericErrorMessage, translateText } from '@jibs/web-data';
import type { MemorialInput, MemorialPrivacy } from '../../../gql/graphql';

/** Empty fields, or fields of only invisible characters, are sent as null (spec: the rest optional). */
export function emptyAsNull(value: string): string | null {
  const cleaned = cleanText(value);
  return cleaned ? cleaned : null;
}

/** A failure that is not about one field, in the screen's words. */
export function memorialFailureMessage(error: ApiError, fallback: string): string {
  if (error.code === ErrorCode.NotFound) return translateText(MemorialMessages.notFoundMessage);
  if (error.code === ErrorCode.RateLimited) {
    return error.message ? translateText(error.message) : genericErrorMessage(error);
  }
  if (error.code === ErrorCode.BadUserInput || error.code === ErrorCode.Conflict) {
    return error.message ? translateText(error.message) : fallback;
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
