import { ContactSubject, PublicContactMessages } from '@jibs/domain';

/** A subject as the API names it (the GraphQL enum): 'GENERAL', …, 'EMERGENCY'. */
export type ContactSubjectName = keyof typeof ContactSubject;

/** Each subject's label in the message object (CONTACT_SUBJECT_LABELS is the English of it). */
const SUBJECT_LABEL_KEYS = {
  GENERAL: 'subjectGeneral',
  MEMBERSHIP: 'subjectMembership',
  SERVICES: 'subjectServices',
  BILLING: 'subjectBilling',
  SUPPORT: 'subjectSupport',
  EMERGENCY: 'subjectEmergency',
} as const satisfies Record<ContactSubjectName, keyof typeof PublicContactMessages>;

/** The contact form's subject choices, in the order the service lists them, in the reader's language. */
export function contactSubjectOptions(
  messages: typeof PublicContactMessages,
): Array<{ value: ContactSubjectName; label: string }> {
  return (Object.keys(ContactSubject) as ContactSubjectName[]).map((name) => ({
    value: name,
    label: messages[SUBJECT_LABEL_KEYS[name]],
  }));
}

/** The contact form's subject choices in English. */
export const CONTACT_SUBJECT_OPTIONS: ReadonlyArray<{ value: ContactSubjectName; label: string }> =
  contactSubjectOptions(PublicContactMessages);

export function isContactSubjectName(value: unknown): value is ContactSubjectName {
  return typeof value === 'string' && Object.hasOwn(ContactSubject, value);
}

/** The shared schema's value for an API name ('EMERGENCY' → 'emergency'); undefined if none. */
export function contactSubjectValue(name: unknown): ContactSubject | undefined {
  return isContactSubjectName(name) ? ContactSubject[name] : undefined;
}
