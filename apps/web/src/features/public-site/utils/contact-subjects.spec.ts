import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContactSubject, contactMessageSchema } from '@jibs/domain';
import {
  CONTACT_SUBJECT_OPTIONS,
  contactSubjectValue,
  isContactSubjectName,
} from './contact-subjects';

describe('CONTACT_SUBJECT_OPTIONS', () => {
  it('lists the six subjects in order, labelled as the service names them', () => {
    expect(CONTACT_SUBJECT_OPTIONS).toEqual([
      { value: 'GENERAL', label: 'General Inquiry' },
      { value: 'MEMBERSHIP', label: 'Membership' },
      { value: 'SERVICES', label: 'Services' },
      { value: 'BILLING', label: 'Billing' },
      { value: 'SUPPORT', label: 'Support' },
      { value: 'EMERGENCY', label: 'Emergency' },
    ]);
  });

  it("uses exactly the API's ContactSubject enum names as values", () => {
    const schema = readFileSync(
      path.join(__dirname, '../../../../../gateway/api-schema.graphql'),
      'utf8',
    );
    const body = /enum ContactSubject \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const names = body.split(/\s+/).filter((word) => /^[A-Z_]+$/.test(word));
    expect(CONTACT_SUBJECT_OPTIONS.map((option) => option.value)).toEqual(names);
  });
});

describe('contactSubjectValue', () => {
  it("maps an API name to the shared schema's value", () => {
    expect(contactSubjectValue('EMERGENCY')).toBe(ContactSubject.EMERGENCY);
    expect(contactSubjectValue('GENERAL')).toBe('general');
  });

  it.each(['', 'general', 'toString', 'constructor', undefined, null, 3])(
    'knows no subject %p',
    (value) => {
      expect(contactSubjectValue(value)).toBeUndefined();
      expect(isContactSubjectName(value)).toBe(false);
    },
  );

  it('lets the shared schema ask for a subject until one is chosen', () => {
    const values = { name: 'Amina', email: 'amina@example.org', message: 'Hello' };
    const missing = contactMessageSchema.safeParse({ ...values, subject: contactSubjectValue('') });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['subject'],
      message: 'Subject is required',
    });
    const chosen = contactMessageSchema.safeParse({
      ...values,
      subject: contactSubjectValue('BILLING'),
    });
    expect(chosen.success).toBe(true);
  });
});
