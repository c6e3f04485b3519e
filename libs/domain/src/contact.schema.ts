import { z } from 'zod';
import { cleanText, requiredText } from './blank-text';
import { Messages, requiredMessage } from './messages';
import { isValidPhone } from './phone';
import { SignInMessages } from './sign-in-messages';
import { AdminSentMessagesPageMessages } from './admin-console-messages';

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
  [ContactSubject.GENERAL]: 'General Inquiry',
  [ContactSubject.MEMBERSHIP]: 'Membership',
  [ContactSubject.SERVICES]: 'Services',
  [ContactSubject.BILLING]: 'Billing',
  [ContactSubject.SUPPORT]: 'Support',
  [ContactSubject.EMERGENCY]: 'Emergency',
};

const text = (label: string, max: number) =>
  requiredText(requiredMessage(label)).max(max, `${label} is too long (at most ${max} characters)`);

const email = requiredText(requiredMessage(SignInMessages.email))
  .max(254, Messages.invalidEmail)
  .pipe(z.email(Messages.invalidEmail));

/** The contact page's form (spec: name, email, optional phone, subject, message). */
export const contactMessageSchema = z.object({
  name: text('Name', 200),
  email,
  phone: z
    .string()
    .overwrite(cleanText)
    .max(16, Messages.invalidPhone)
    .refine((value) => value === '' || isValidPhone(value), Messages.invalidPhone)
    .nullable()
    .optional(),
  subject: z.enum(ContactSubject, {
    error: requiredMessage(AdminSentMessagesPageMessages.subject),
  }),
  message: text('Message', 5000),
});

/** The FAQ's 'Have a Question?' form. */
export const questionSchema = z.object({
  fullName: text('Full name', 200),
  email,
  question: text('Question', 5000),
});
