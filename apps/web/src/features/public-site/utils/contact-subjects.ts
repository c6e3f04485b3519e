import { CONTACT_SUBJECT_LABELS, ContactSubject } from '@jibs/domain';

/** A subject as the API names it (the GraphQL enum): 'GENERAL', …, 'EMERGENCY'. */
export type ContactSubjectName = keyof typeof ContactSubject;

/** The contact form's subject choices, in the order the service lists them. */
export const CONTACT_SUBJECT_OPTIONS: ReadonlyArray<{ value: ContactSubjectName; label: string }> =
  (Object.keys(ContactSubject) as ContactSubjectName[]).map((name) => ({
    value: name,
    label: CONTACT_SUBJECT_LABELS[ContactSubject[name]],
  }));

export function isContactSubjectName(value: unknown): value is ContactSubjectName {
  return typeof value === 'string' && Object.hasOwn(ContactSubject, value);
}

/** The shared schema's value for an API name ('EMERGENCY' → 'emergency'); undefined if none. */
export function contactSubjectValue(name: unknown): ContactSubject | undefined {
  return isContactSubjectName(name) ? ContactSubject[name] : undefined;
}
