import { Alert, Button, Stack, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';

export interface ErrorAlertProps {
  title: ReactNode;
  /** What went wrong, in words (the spec's message or the catalogue's wording). */
  children: ReactNode;
  /** When given, a 'Try again' button under the message runs it. */
  onRetry?: () => void;
  retryLabel?: string;
  retrySize?: MantineSize;
  /** Space between the message and the button. */
  gap?: MantineSize;
}

/**
 * Why something failed, announced to screen readers (role="alert"), with a way to try again:
 * the one error display of both clients.
 */
export function ErrorAlert({
  title,
  children,
  onRetry,
  retryLabel,
  retrySize,
  gap = 'xs',
}: ErrorAlertProps) {
  const { ActionMessages: actions } = useMessages({ ActionMessages });
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {onRetry ? (
        <Stack gap={gap} align="flex-start">
          <Text>{children}</Text>
          <Button size={retrySize} variant="light" onClick={onRetry}>
            {retryLabel ?? actions.tryAgain}
          </Button>
        </Stack>
      ) : (
        children
      )}
    </Alert>
  );
}
