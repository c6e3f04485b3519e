import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs as a description list, two columns on wide screens. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" fw={600} c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
