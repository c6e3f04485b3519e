import { AdminOpsMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';

export interface ChartColumn<Row> {
  label: string;
  value: (row: Row) => string | number;
}

/**
 * One chart with its title and a description, the drawing hidden from assistive technology
 * and the same numbers as a table that screen readers read instead (visually hidden).
 */
export function ChartCard<Row extends { month: string }>({
  title,
  description,
  rows,
  columns,
  children,
}: {
  title: string;
  description: string;
  rows: Row[];
  columns: ChartColumn<Row>[];
  children: ReactNode;
}) {
  const id = useId();
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const format = useReaderFormat();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" id={`${id}-description`}>
          {description}
        </Text>
        <div aria-hidden="true">{children}</div>
        <VisuallyHidden>
          <table aria-describedby={`${id}-description`}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{ops.month}</th>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month}>
                  <th scope="row">{format.month(row.month)}</th>
                  {columns.map((column) => (
                    <td key={column.label}>{column.value(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
