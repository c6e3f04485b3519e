import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { ErrorAlert } from '@jibs/web-ui';
import type { useCodeForm } from '../hooks/use-code-form';
import { CodeInput } from './code-input';

export interface CodeEntryFormProps {
  /** The state from `useCodeForm` (code, its message, the failure, submit). */
  form: ReturnType<typeof useCodeForm>;
  heading: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The heading's level where the form is placed (a step of a page, or the page's own). */
  headingOrder?: TitleOrder;
  /** Under the heading: where the code was sent, or where it comes from. */
  intro: ReactNode;
  /** Between the intro and the code (the authenticator's setup). */
  before?: ReactNode;
  /** The code boxes' hint. */
  codeDescription?: string;
  /** Under the code (sending another, where to look). */
  after?: ReactNode;
  /** The submit button and any way back. */
  actions: ReactNode;
}

/**
 * A 6-digit code form, as every code step shows it (email or text code, the authenticator's
 * code at registration or at sign-in, the sign-up code): heading, intro, the failure announced
 * as an alert, the code boxes, then the step's own actions.
 */
export function CodeEntryForm({
  form,
  heading,
  headingRef,
  headingOrder = 3,
  intro,
  before,
  codeDescription,
  after,
  actions,
}: CodeEntryFormProps) {
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={headingOrder} size="h4" ref={headingRef} tabIndex={-1}>
            {heading}
          </Title>
          <Text c="gray.7">{intro}</Text>
        </Stack>

        {before}

        {form.failure && <ErrorAlert title={form.failure.title}>{form.failure.message}</ErrorAlert>}

        <CodeInput
          value={form.code}
          onChange={form.setCode}
          description={codeDescription}
          error={form.fieldError}
          invalid={form.invalid}
          inputRef={form.firstBox}
        />

        {after}

        {actions}
      </Stack>
    </form>
  );
}
