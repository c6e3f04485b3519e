import { DateTexts } from './date-texts';
import { MemorialPageMessages } from './memorial-page-messages';
import { Messages } from './messages';
import type { UploadRules } from './uploads';

/** Who may see a memorial (spec: memorial_pages.privacy_level; default family_only). */
export const MEMORIAL_PRIVACY_LEVELS = ['public', 'family_only', 'private'] as const;
export type MemorialPrivacyLevel = (typeof MEMORIAL_PRIVACY_LEVELS)[number];
export const DEFAULT_MEMORIAL_PRIVACY: MemorialPrivacyLevel = 'family_only';

/** The badge each level shows. */
export const MEMORIAL_PRIVACY_LABELS: Record<MemorialPrivacyLevel, string> = {
  public: MemorialPageMessages.publicBadge,
  family_only: MemorialPageMessages.familyOnlyBadge,
  private: MemorialPageMessages.privateBadge,
};

export const MAX_MEMORIAL_NAME_LENGTH = 200;
export const MAX_MEMORIAL_LOCATION_LENGTH = 200;
export const MAX_BIOGRAPHY_LENGTH = 10_000;
export const MAX_MEMORY_TITLE_LENGTH = 200;
export const MAX_MEMORY_CONTENT_LENGTH = 5_000;
export const MAX_PHOTO_CAPTION_LENGTH = 500;
export const MAX_EMAIL_LENGTH = 254;
/** The earliest date a memorial accepts (birth, death, memory). */
export const EARLIEST_MEMORIAL_DATE = '1800-01-01';

/** Memories one contributor may share per hour, across all memorials (guestbook spam). */
export const MEMORY_RATE_LIMIT = { points: 5, durationSeconds: 60 * 60 } as const;

/** Memorial photos: JPEG and PNG only, 10 MB each. */
export const MEMORIAL_PHOTO_RULES: UploadRules = {
  maxBytes: 10 * 1024 * 1024,
  allowed: ['jpg', 'jpeg', 'png'],
};

/** The spec's wording for memorials (sections 2, 5 and 9) and the rules added on the server. */
export const MemorialMessages = {
  notFoundTitle: 'Memorial Not Found',
  notFoundMessage:
    "The memorial page you're looking for doesn't exist or you don't have permission to view it.",
  createdTitle: 'Memorial Created',
  createFailed: 'Failed to create memorial page. Please try again.',
  unexpected: Messages.unexpected,
  memoryAddedTitle: 'Memory Added',
  memoryAdded: 'Your memory has been shared successfully.',
  memoryPending: 'Your memory has been submitted and will appear once the family approves it.',
  memoryFailed: 'Failed to add memory. Please try again.',
  photoAdded: 'Your photo has been added to the memorial.',
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name can be at most ${MAX_MEMORIAL_NAME_LENGTH} characters`,
  locationTooLong: `Locations can be at most ${MAX_MEMORIAL_LOCATION_LENGTH} characters`,
  biographyTooLong: `Biography can be at most ${MAX_BIOGRAPHY_LENGTH} characters`,
  dateInvalid: DateTexts.invalidDate,
  birthDateInFuture: DateTexts.birthDateInFuture,
  deathDateInFuture: DateTexts.deathDateInFuture,
  deathBeforeBirth: 'Date of death cannot be before date of birth',
  privacyInvalid: 'Please choose a privacy level: public, family only or private',
  memoryTitleRequired: 'Title is required',
  memoryTitleTooLong: `Title can be at most ${MAX_MEMORY_TITLE_LENGTH} characters`,
  memoryContentRequired: 'Content is required',
  memoryContentTooLong: `Content can be at most ${MAX_MEMORY_CONTENT_LENGTH} characters`,
  memoryDateInFuture: 'The date of a memory cannot be in the future',
  memoryRateLimited: `You have shared ${MEMORY_RATE_LIMIT.points} memories in the last hour. Please try again later.`,
  captionTooLong: `Caption can be at most ${MAX_PHOTO_CAPTION_LENGTH} characters`,
  emailInvalid: Messages.invalidEmail,
  inviteSelf: 'You cannot invite yourself',
  alreadyInvited: 'This address has already been invited to this memorial',
  invitationNotFound: 'There is no invitation to this memorial for your email address',
  emailNotVerified: 'Please verify your email address before accepting an invitation',
  photoOrderInvalid: "Please list each of this memorial's photos exactly once",
  profilePhotoInvalid: "The profile image must be one of this memorial's photos",
  memoryNotPending: 'This memory has already been moderated',
  inactive: 'This memorial has been deactivated',
  photosNotReordered: 'The new order of the photos could not be saved. Please try again.',
  deactivatedTitle: 'Memorial Deactivated',
  deactivated: 'The memorial page has been deactivated. It is no longer shown to anyone.',
  deactivateFailed: 'Failed to deactivate the memorial page. Please try again.',
} as const;

/** The first two initials of a name, for the avatar fallback ('Amina bint Yusuf' -> 'AB'). */
export function memorialInitials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The header's years: '1950 - 2024', '1950 -', '- 2024' or ''. */
export function memorialYears(birthDate: string | null, deathDate: string | null): string {
  const birth = birthDate?.slice(0, 4) ?? '';
  const death = deathDate?.slice(0, 4) ?? '';
  if (!birth && !death) return '';
  return `${birth} - ${death}`.trim();
}
