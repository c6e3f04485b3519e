import {
  dollarsToCents,
  OfflinePaymentMessages,
  offlinePaymentSchema,
  type FieldErrors,
  type OfflinePaymentMethod,
  type OfflinePaymentPurpose,
} from '@jibs/domain';

/** The Record offline payment form as typed. */
export interface OfflinePaymentFormValues {
  amount: string;
  method: OfflinePaymentMethod | '';
  purpose: OfflinePaymentPurpose | '';
  paidOn: string;
  reference: string;
  note: string;
}

/** What the form sends, without the member and the request key. */
export interface OfflinePaymentFields {
  amountCents: number;
  method: OfflinePaymentMethod;
  purpose: OfflinePaymentPurpose;
  paidOn: string;
  reference: string | null;
  note: string | null;
}

/** The form's fields in screen order, to focus the first one in error. */
export const FORM_FIELDS = ['amountCents', 'method', 'purpose', 'paidOn', 'reference', 'note'];

/** The admin's local calendar date (YYYY-MM-DD): the latest a payment received can be dated. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function initialValues(
  registrationFeePaid: boolean,
  today: string = localToday(),
): OfflinePaymentFormValues {
  return {
    amount: '',
    method: 'cash',
    purpose: registrationFeePaid ? 'dues' : 'registration',
    paidOn: today,
    reference: '',
    note: '',
  };
}

/**
 * The server's rules, checked before sending (the same schema from `@jibs/domain`); field
 * errors are keyed like the server's (`amountCents`, `paidOn`, ...), so both show alike.
 */
export function validateOfflinePayment(
  values: OfflinePaymentFormValues,
  context: { today: string; memberSince: string; registrationFeePaid: boolean },
): { ok: true; fields: OfflinePaymentFields } | { ok: false; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const typed = values.amount.trim();
  let amountCents: number | undefined;
  if (!typed) fieldErrors['amountCents'] = OfflinePaymentMessages.amountRequired;
  else if (/^-/.test(typed)) fieldErrors['amountCents'] = OfflinePaymentMessages.amountNotPositive;
  else {
    amountCents = dollarsToCents(typed);
    if (Number.isNaN(amountCents))
      fieldErrors['amountCents'] = OfflinePaymentMessages.amountNotCents;
  }
  const parsed = offlinePaymentSchema({
    today: context.today,
    memberSince: context.memberSince,
  }).safeParse({
    amountCents: Number.isNaN(amountCents) ? 1 : amountCents,
    method: values.method || undefined,
    purpose: values.purpose || undefined,
    paidOn: values.paidOn,
    reference: values.reference,
    note: values.note,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      fieldErrors[field] ??= issue.message;
    }
  }
  if (values.purpose === 'registration' && context.registrationFeePaid)
    fieldErrors['purpose'] ??= OfflinePaymentMessages.registrationAlreadyPaid;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, fields: parsed.data };
}

/** A UUID v4 for the request key (randomUUID needs a secure context; this works anywhere). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
