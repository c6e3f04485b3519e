import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ADMIN_CONSOLE_TITLE, useDocumentTitle } from '@jibs/web-ui';

/**
 * A screen's heading and description. The heading takes focus when the screen opens, so a
 * screen reader announces where a sidebar link led.
 */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title, ADMIN_CONSOLE_TITLE);
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
