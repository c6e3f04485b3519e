import { z } from 'zod';
import { cleanText, optionalText, requiredText } from './blank-text';
import { OTHER } from './documents';
import { CaseWords } from './case-words';
import {
  DeathReportMessages,
  latestDateOnEarth,
  MAX_ADMIN_NOTES_LENGTH,
  MAX_DECEASED_NAME_LENGTH,
  MAX_PLACE_OF_DEATH_LENGTH,
  MAX_REPORT_NOTES_LENGTH,
} from './death-report-messages';

// The form's words and limits apart from zod (death-report-messages.ts): a memorial's page
// names them without loading the schemas' library.
export * from './death-report-messages';

/** Relationship to the deceased (spec section 3), in the order the form offers them. */
export const RELATIONSHIPS_TO_DECEASED = [
  CaseWords.spouse,
  CaseWords.parent,
  CaseWords.child,
  CaseWords.sibling,
  CaseWords.grandparent,
  CaseWords.grandchild,
  CaseWords.otherFamilyMember,
  CaseWords.friend,
  OTHER,
] as const;

export type RelationshipToDeceased = (typeof RELATIONSHIPS_TO_DECEASED)[number];

export { ReviewStatus, REVIEW_STATUS_LABELS } from './review-status';

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
