import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useDocumentTitle } from './use-document-title';

/**
 * A screen's heading and description. The heading takes focus when the screen opens, so a
 * screen reader announces where a sidebar link led.
 */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap={4}>
      <Title order={1} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
