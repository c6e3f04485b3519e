import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ErrorNotice } from '@jibs/web-data';

/** Moves focus to the alert when it appears, so screen readers and keyboards land on it. */
const focusOnMount = (node: HTMLDivElement | null) => node?.focus();

/** Confirmation that a public form was sent. */
export function SentAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      color="jibs"
      variant="light"
      title={title}
      role="status"
      tabIndex={-1}
      ref={focusOnMount}
    >
      {children}
    </Alert>
  );
}

/**
 * Why a public form was not sent (field messages show under the fields instead). A rate limit
 * is not a mistake, so it is shown in a quieter colour.
 */
export function NotSentAlert({ notice, wait = false }: { notice: ErrorNotice; wait?: boolean }) {
  return (
    <Alert color={wait ? 'gray' : 'red'} variant="light" title={notice.title} role="alert">
      {notice.message}
    </Alert>
  );
}
