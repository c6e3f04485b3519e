import { Alert, Anchor, Select, Textarea, TextInput } from '@mantine/core';
import {
  contactMessageSchema,
  PHONE_MAX_LENGTH,
  toE164,
  ClientMessages,
  PublicContactMessages,
  SignInMessages,
} from '@jibs/domain';
import { useMessages, validateWith } from '@jibs/web-data';
import { SentAlert } from '@jibs/web-ui';
import { nextPhoneValue } from '../../../shared/utils/phone-input';
import {
  contactSubjectOptions,
  contactSubjectValue,
  isContactSubjectName,
  type ContactSubjectName,
} from '../utils/contact-subjects';
import { CONTACT_DETAILS } from '../utils/site-config';
import { SubmissionForm } from './submission-form';
import { useMutation } from '@apollo/client/react';
import { SubmitContactMessageDocument } from '../../../gql/graphql';

type ContactValues = {
  name: string;
  email: string;
  phone: string;
  /** The API's name for the subject ('GENERAL', …), or '' until one is chosen. */
  subject: string;
  message: string;
};

const INITIAL_VALUES: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };

/** The form, checked with the shared schema (which knows subjects by their stored values). */
const toSchemaValues = (values: ContactValues) => ({
  ...values,
  subject: contactSubjectValue(values.subject),
});
const validateContact = validateWith(contactMessageSchema);
const validate = (values: ContactValues) => validateContact(toSchemaValues(values));

/** Field hints at body-text contrast (the default dimmed grey is too faint to read easily). */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

export default function ContactForm() {
  const [submitContactMessage, { loading }] = useMutation(SubmitContactMessageDocument);
  const {
    PublicContactMessages: text,
    ClientMessages: client,
    SignInMessages: signIn,
  } = useMessages({ PublicContactMessages, ClientMessages, SignInMessages });

  /** Resolves with the subject sent: it decides whether the thank-you repeats the urgent line. */
  const send = async (values: ContactValues): Promise<ContactSubjectName> => {
    const data = contactMessageSchema.parse(toSchemaValues(values));
    if (!isContactSubjectName(values.subject)) throw new Error('No subject was chosen');
    const result = await submitContactMessage({
      variables: {
        input: {
          name: data.name,
          email: data.email,
          phone: data.phone ? toE164(data.phone) : null,
          subject: values.subject,
          message: data.message,
        },
      },
    });
    if (!result.data?.submitContactMessage) throw new Error('The message was not accepted');
    return values.subject;
  };

  return (
    <SubmissionForm
      initialValues={INITIAL_VALUES}
      validate={validate}
      send={send}
      sending={loading}
      sentAlert={(sent) => (
        <SentAlert title={text.messageSent}>
          {client.contactThanks}
          {sent === 'EMERGENCY' && (
            <>
              {' '}
              {text.callSooner}{' '}
              <Anchor href={CONTACT_DETAILS.urgentPhone.href} fw={600}>
                <bdi>{CONTACT_DETAILS.urgentPhone.display}</bdi>
              </Anchor>
              .
            </>
          )}
        </SentAlert>
      )}
      submitLabel={text.sendMessage}
    >
      {(form) => (
        <>
          <TextInput
            label={text.name}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={signIn.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label={text.phoneOptional}
            description={text.phoneHint}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(555) 123-4567"
            maxLength={PHONE_MAX_LENGTH}
            styles={READABLE_DESCRIPTION}
            {...form.getInputProps('phone')}
            onChange={(event) =>
              form.setFieldValue(
                'phone',
                nextPhoneValue(form.values.phone, event.currentTarget.value),
              )
            }
          />
          <div>
            <Select
              label={text.subject}
              placeholder={text.chooseSubject}
              data={contactSubjectOptions(text)}
              allowDeselect={false}
              required
              {...form.getInputProps('subject')}
              // An empty form (after sending) must clear the shown choice, which '' does not do.
              value={form.values.subject || null}
              onChange={(value) => form.setFieldValue('subject', value ?? '')}
            />
            <div aria-live="polite">
              {form.values.subject === 'EMERGENCY' && (
                <Alert color="jibs" variant="light" title={text.helpNowTitle} mt="sm">
                  {text.helpNowCall}{' '}
                  <Anchor href={CONTACT_DETAILS.urgentPhone.href} fw={600}>
                    <bdi>{CONTACT_DETAILS.urgentPhone.display}</bdi>
                  </Anchor>
                  . {text.helpNowAfter}
                </Alert>
              )}
            </div>
          </div>
          <Textarea
            label={text.message}
            size="md"
            autosize
            minRows={5}
            maxRows={14}
            required
            {...form.getInputProps('message')}
          />
        </>
      )}
    </SubmissionForm>
  );
}
