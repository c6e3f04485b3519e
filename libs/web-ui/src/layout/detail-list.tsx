import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

export interface DetailListProps {
  items: Detail[];
  cols?: number;
  /**
   * The admin console's dense form: labels bold and dimmed, values as written (line breaks
   * kept, nothing for an empty value). The member site reads the roomier default.
   */
  compact?: boolean;
}

/** Read-only facts as a definition list: the label small above, the value at reading size. */
export function DetailList({ items, cols = 2, compact = false }: DetailListProps) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: cols }}
      spacing={compact ? 'sm' : 'lg'}
      verticalSpacing={compact ? 'xs' : 'md'}
      m={0}
    >
      {items.map((item) => (
        <Box key={item.label}>
          {compact ? (
            <Text component="dt" size="sm" fw={600} c="dimmed">
              {item.label}
            </Text>
          ) : (
            <Text component="dt" size="sm" c="gray.7">
              {item.label}
            </Text>
          )}
          {compact ? (
            <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.value}
            </Text>
          ) : (
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.value || '—'}
            </Text>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}
