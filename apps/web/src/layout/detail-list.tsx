import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Read-only facts as a definition list: the label small above, the value at reading size. */
export function DetailList({ items, cols = 2 }: { items: Detail[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {items.map((item) => (
        <Box key={item.label}>
          <Text component="dt" size="sm" c="gray.7">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.value || '—'}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
