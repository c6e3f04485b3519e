import {
  DeathReportMessages,
  ErrorCode,
  deathReportSchema,
  fieldErrorsOf,
  type ValidDeathReport,
} from '@jibs/domain';
import { type ApiError, genericErrorMessage } from '@jibs/web-data';

/** The death report form as typed (spec 5); every field a string, '' until filled in. */
export interface DeathReportValues {
  deceasedName: string;
  dateOfDeath: string;
  placeOfDeath: string;
  relationshipToDeceased: string;
  additionalNotes: string;
}

export type DeathReportField = keyof DeathReportValues;

export const DEATH_REPORT_FIELDS: readonly DeathReportField[] = [
  'deceasedName',
  'dateOfDeath',
  'placeOfDeath',
  'relationshipToDeceased',
  'additionalNotes',
];

export type FieldMessages = Partial<Record<DeathReportField, string>>;

export function emptyDeathReport(): DeathReportValues {
  return {
    deceasedName: '',
    dateOfDeath: '',
    placeOfDeath: '',
    relationshipToDeceased: '',
    additionalNotes: '',
  };
}

/** The member's own calendar date (YYYY-MM-DD): a death on it is today, not the future. */
export { localToday } from '../../../shared/utils/browser-value';

export type DeathReportCheck =
  { ok: true; report: ValidDeathReport } | { ok: false; fieldErrors: FieldMessages };

/** The shared rules (libs/domain), with the member's local date as the latest one allowed. */
export function checkDeathReport(values: DeathReportValues, today: string): DeathReportCheck {
  const result = deathReportSchema(today).safeParse({
    ...values,
    // An unchosen select is '' on screen; the schema reads a missing choice as required.
    relationshipToDeceased: values.relationshipToDeceased || undefined,
  });
  if (result.success) return { ok: true, report: result.data };
  return { ok: false, fieldErrors: onlyFormFields(fieldErrorsOf(result.error)) };
}

/** Editing a field clears its message and leaves the others (spec 5). */
export function clearFieldError(errors: FieldMessages, field: DeathReportField): FieldMessages {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** What the screen does when the server refused or failed a submission. */
export type SubmitFailure =
  | { kind: 'fields'; fieldErrors: FieldMessages }
  | { kind: 'sign-in'; title: string; message: string }
  | { kind: 'toast'; title: string; message: string };

export function submitFailure(error: ApiError): SubmitFailure {
  if (error.code === ErrorCode.BadUserInput) {
    const fieldErrors = onlyFormFields(error.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return { kind: 'fields', fieldErrors };
    return {
      kind: 'toast',
      title: DeathReportMessages.submitFailedTitle,
      message: error.message || DeathReportMessages.submitFailedMessage,
    };
  }
  if (error.code === ErrorCode.Unauthenticated) {
    return {
      kind: 'sign-in',
      title: DeathReportMessages.authRequiredTitle,
      message: DeathReportMessages.authRequiredMessage,
    };
  }
  if (error.code === ErrorCode.RateLimited) {
    return { kind: 'toast', title: DeathReportMessages.submitFailedTitle, message: error.message };
  }
  if (error.network || (error.status !== undefined && error.status >= 500)) {
    return {
      kind: 'toast',
      title: DeathReportMessages.submitFailedTitle,
      message: genericErrorMessage(error),
    };
  }
  return {
    kind: 'toast',
    title: DeathReportMessages.submitFailedTitle,
    message: DeathReportMessages.submitFailedMessage,
  };
}

function onlyFormFields(errors: Record<string, string>): FieldMessages {
  const fields: FieldMessages = {};
  for (const field of DEATH_REPORT_FIELDS) {
    const message = errors[field];
    if (message) fields[field] = message;
  }
  return fields;
}
