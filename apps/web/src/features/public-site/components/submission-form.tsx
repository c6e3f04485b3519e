import { Button, Stack, type StackProps } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { toApiError } from '@jibs/web-data';
import { NotSentAlert } from '@jibs/web-ui';
import { submissionFailure, type SubmissionFailure } from '../utils/submission-errors';

export interface SubmissionFormProps<Values extends Record<string, unknown>, Sent> {
  initialValues: Values;
  validate: (values: Values) => Record<string, string>;
  /** Sends the values; resolves with what the thank-you needs, throws when not accepted. */
  send: (values: Values) => Promise<Sent>;
  /** The mutation is on its way. */
  sending: boolean;
  /** The title of a refusal that is not about one field. */
  notSentTitle?: string;
  /** The thank-you for what was sent last. */
  sentAlert: (sent: Sent) => ReactNode;
  submitLabel: string;
  /** The fields, bound to the form. */
  children: (form: UseFormReturnType<Values>) => ReactNode;
  stackProps?: StackProps;
}

/**
 * A public form (contact, question): checked with its shared schema, sent once, then emptied and
 * thanked for; a refusal puts the server's messages under their fields, anything else above
 * them, and moves focus to the first field to correct.
 */
export function SubmissionForm<Values extends Record<string, unknown>, Sent>({
  initialValues,
  validate,
  send,
  sending,
  notSentTitle,
  sentAlert,
  submitLabel,
  children,
  stackProps,
}: SubmissionFormProps<Values, Sent>) {
  const [sent, setSent] = useState<{ value: Sent } | null>(null);
  const [failure, setFailure] = useState<SubmissionFailure | null>(null);
  const form = useForm<Values>({ initialValues, validate });
  const fields = Object.keys(initialValues);

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = fields.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      const value = await send(values);
      form.reset();
      setSent({ value });
    } catch (error) {
      const result = submissionFailure(toApiError(error), fields, notSentTitle);
      form.setErrors(result.fieldErrors);
      setFailure(result);
      focusFirstError(result.fieldErrors);
    }
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" {...stackProps}>
        {sent && sentAlert(sent.value)}
        {failure?.notice && <NotSentAlert notice={failure.notice} wait={failure.waitAndRetry} />}
        {children(form)}
        <Button type="submit" loading={sending} w={{ base: '100%', sm: 'fit-content' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
