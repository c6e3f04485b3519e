import { ClientMessages } from './client-messages';
import { FormMessages } from './form-messages';
import { DateTexts } from './date-texts';

export const MAX_DECEASED_NAME_LENGTH = 200;
export const MAX_PLACE_OF_DEATH_LENGTH = 300;
export const MAX_REPORT_NOTES_LENGTH = 5000;
export const MAX_ADMIN_NOTES_LENGTH = 2000;

/** The spec's wording (section 5, section 9) for the death report form and its outcomes. */
export const DeathReportMessages = {
  deceasedNameRequired: 'Deceased name is required',
  dateOfDeathRequired: 'Date of death is required',
  dateOfDeathInFuture: DateTexts.deathDateInFuture,
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
