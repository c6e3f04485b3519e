import { z } from 'zod';
import { cleanText, optionalText, requiredText } from './blank-text';
import { FormMessages } from './form-messages';
import { ClientMessages } from './client-messages';
import { OTHER } from './documents';
import { AdminFieldWords } from './admin-field-words';

/** Relationship to the deceased (spec section 3), in the order the form offers them. */
export const RELATIONSHIPS_TO_DECEASED = [
  AdminFieldWords.spouse,
  AdminFieldWords.parent,
  AdminFieldWords.child,
  'Sibling',
  'Grandparent',
  'Grandchild',
  'Other Family Member',
  'Friend',
  OTHER,
] as const;

export type RelationshipToDeceased = (typeof RELATIONSHIPS_TO_DECEASED)[number];

export { ReviewStatus, REVIEW_STATUS_LABELS } from './review-status';

export const MAX_DECEASED_NAME_LENGTH = 200;
export const MAX_PLACE_OF_DEATH_LENGTH = 300;
export const MAX_REPORT_NOTES_LENGTH = 5000;
export const MAX_ADMIN_NOTES_LENGTH = 2000;

/** The spec's wording (section 5, section 9) for the death report form and its outcomes. */
export const DeathReportMessages = {
  deceasedNameRequired: 'Deceased name is required',
  dateOfDeathRequired: 'Date of death is required',
  dateOfDeathInFuture: 'Date of death cannot be in the future',
  dateOfDeathInvalid: 'Please enter a valid date of death',
  placeOfDeathRequired: 'Place of death is required',
  relationshipRequired: 'Relationship to deceased is required',
  deceasedNameTooLong: `Deceased name can be at most ${MAX_DECEASED_NAME_LENGTH} characters`,
  placeOfDeathTooLong: `Place of death can be at most ${MAX_PLACE_OF_DEATH_LENGTH} characters`,
  notesTooLong: `Additional notes can be at most ${MAX_REPORT_NOTES_LENGTH} characters`,
  adminNotesTooLong: `Admin notes can be at most ${MAX_ADMIN_NOTES_LENGTH} characters`,
  formErrorTitle: FormMessages.validationErrorTitle,
  formErrorMessage: FormMessages.correctErrors,
  submittedTitle: 'Death Report Submitted Successfully',
  submittedMessage:
    'Your report has been received and is under review. We will contact you within 24-48 hours.',
  submitFailedTitle: 'Submission Failed',
  submitFailedMessage: 'There was an error submitting your death report. Please try again.',
  authRequiredTitle: ClientMessages.authRequiredTitle,
  authRequiredMessage: 'You must be logged in to submit a death report',
  loadFailed: 'Failed to load your death reports',
  /** Stored when an admin rejects without writing a note (spec section 4). */
  defaultRejectionNote: 'Report requires revision',
  notPending: 'This report has already been reviewed',
} as const;

/**
 * The latest calendar date anywhere on Earth (UTC+14), as YYYY-MM-DD. The server refuses dates
 * after it, so a death reported on its local day is never refused for the server's time zone.
 */
export function latestDateOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A death report as submitted (spec section 5). `today` is the latest date allowed: the
 * client passes its local date, the server `latestDateOnEarth()`.
 */
export function deathReportSchema(today: string = latestDateOnEarth()) {
  return z.object({
    deceasedName: requiredText(DeathReportMessages.deceasedNameRequired).max(
      MAX_DECEASED_NAME_LENGTH,
      DeathReportMessages.deceasedNameTooLong,
    ),
    dateOfDeath: requiredText(DeathReportMessages.dateOfDeathRequired)
      .refine(isRealDate, DeathReportMessages.dateOfDeathInvalid)
      .refine((value) => !isRealDate(value) || value >= '1900-01-01', {
        message: DeathReportMessages.dateOfDeathInvalid,
      })
      .refine((value) => !isRealDate(value) || value <= today, {
        message: DeathReportMessages.dateOfDeathInFuture,
      }),
    placeOfDeath: requiredText(DeathReportMessages.placeOfDeathRequired).max(
      MAX_PLACE_OF_DEATH_LENGTH,
      DeathReportMessages.placeOfDeathTooLong,
    ),
    relationshipToDeceased: z.enum(RELATIONSHIPS_TO_DECEASED, {
      error: DeathReportMessages.relationshipRequired,
    }),
    additionalNotes: optionalText(MAX_REPORT_NOTES_LENGTH, DeathReportMessages.notesTooLong),
  });
}

export type DeathReportInput = z.input<ReturnType<typeof deathReportSchema>>;
export type ValidDeathReport = z.output<ReturnType<typeof deathReportSchema>>;

/** Admin notes on a review, cleaned; empty is allowed (approval stores an empty note). */
export const adminNotesSchema = z
  .string()
  .overwrite(cleanText)
  .max(MAX_ADMIN_NOTES_LENGTH, DeathReportMessages.adminNotesTooLong);
