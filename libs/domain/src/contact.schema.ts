import { MemberFieldMessages } from './member-field-messages';
import { z } from 'zod';
import { cleanText, requiredText } from './blank-text';
import { Messages, requiredMessage } from './messages';
import { isValidPhone } from './phone';
import { PublicContactMessages } from './public-contact-messages';
import { PublicSiteMessages } from './public-site-messages';
import { SignInMessages } from './sign-in-messages';

/** Keys are the GraphQL enum names; values are what is stored. */
export enum ContactSubject {
  GENERAL = 'general',
  MEMBERSHIP = 'membership',
  SERVICES = 'services',
  BILLING = 'billing',
  SUPPORT = 'support',
  EMERGENCY = 'emergency',
}

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  [ContactSubject.GENERAL]: PublicContactMessages.subjectGeneral,
  [ContactSubject.MEMBERSHIP]: PublicContactMessages.subjectMembership,
  [ContactSubject.SERVICES]: PublicContactMessages.subjectServices,
  [ContactSubject.BILLING]: PublicContactMessages.subjectBilling,
  [ContactSubject.SUPPORT]: PublicContactMessages.subjectSupport,
  [ContactSubject.EMERGENCY]: PublicContactMessages.subjectEmergency,
};

const text = (label: string, max: number) =>
  requiredText(requiredMessage(label)).max(max, `${label} is too long (at most ${max} characters)`);

const email = requiredText(requiredMessage(SignInMessages.email))
  .max(254, Messages.invalidEmail)
  .pipe(z.email(Messages.invalidEmail));

/** The contact page's form (spec: name, email, optional phone, subject, message). */
export const contactMessageSchema = z.object({
  name: text(PublicContactMessages.name, 200),
  email,
  phone: z
    .string()
    .overwrite(cleanText)
    .max(16, Messages.invalidPhone)
    .refine((value) => value === '' || isValidPhone(value), Messages.invalidPhone)
    .nullable()
    .optional(),
  subject: z.enum(ContactSubject, { error: requiredMessage(PublicContactMessages.subject) }),
  message: text(PublicContactMessages.message, 5000),
});

/** The FAQ's 'Have a Question?' form. */
export const questionSchema = z.object({
  fullName: text(MemberFieldMessages.fullName, 200),
  email,
  question: text(PublicSiteMessages.question, 5000),
});
