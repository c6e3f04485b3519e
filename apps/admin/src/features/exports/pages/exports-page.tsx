import { Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AdminOpsMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { useState } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
import { AdminExportDialog } from '../components/admin-export-dialog';
import { EXPORT_TABLES, type ExportTableName } from '../utils/admin-export';

/** /admin/exports: each table (spec 3, admin export is per table) with its export dialog. */
export function ExportsPage() {
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const [open, setOpen] = useState<ExportTableName | null>(null);
  const current = EXPORT_TABLES.find((entry) => entry.table === open);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.exportsTitle} description={ops.exportsDescription} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {EXPORT_TABLES.map((entry) => (
            <Card key={entry.table} withBorder radius="lg" padding="lg">
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Title order={2} size="h4">
                    {ops[entry.label]}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {ops[entry.description]}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  onClick={() => setOpen(entry.table)}
                  aria-label={ops.exportTable(ops[entry.label])}
                >
                  {ops.export}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      {current && (
        <AdminExportDialog
          key={current.table}
          table={current.table}
          opened
          onClose={() => setOpen(null)}
        />
      )}
    </Container>
  );
}
