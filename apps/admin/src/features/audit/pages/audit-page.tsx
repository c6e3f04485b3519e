import { useQuery } from '@apollo/client/react';
import { Card, Container, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AdminOpsMessages } from '@jibs/domain';
import { useLanguage, useMessages } from '@jibs/web-data';
import { useMemo, useState } from 'react';
import { AdminAuditTrailServicesDocument } from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { dayEnd, dayStart, serviceLabel } from '../utils/audit-display';
import { AuditTrailList } from '../components/audit-trail-list';

/** /admin/audit: every admin action of every service, filtered and paged. */
export function AuditPage() {
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const { locale } = useLanguage();
  const [service, setService] = useState<string | null>(null);
  const [action, setAction] = useState('');
  const [debouncedAction] = useDebouncedValue(action.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const services = useQuery(AdminAuditTrailServicesDocument, { fetchPolicy: 'cache-and-network' });
  const rangeError = from && to && from > to ? ops.auditRangeBackwards : null;

  const filter = useMemo(
    () => ({
      ...(service ? { service } : {}),
      ...(debouncedAction ? { action: debouncedAction } : {}),
      ...(!rangeError && dayStart(from) ? { from: dayStart(from) } : {}),
      ...(!rangeError && dayEnd(to) ? { to: dayEnd(to) } : {}),
    }),
    [service, debouncedAction, from, to, rangeError],
  );

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader title={ops.auditTitle} description={ops.auditDescription} />
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <Select
              label={ops.service}
              placeholder={ops.allServices}
              clearable
              data={(services.data?.auditTrailServices ?? []).map((value) => ({
                value,
                label: locale === 'en' ? serviceLabel(value) : value,
              }))}
              value={service}
              onChange={setService}
            />
            <TextInput
              label={ops.action}
              placeholder={ops.actionExample}
              value={action}
              onChange={(event) => setAction(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={ops.from}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={ops.to}
              value={to}
              error={rangeError}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Card>
        <AuditTrailList filter={filter} pageSize={25} label={ops.auditEntries} />
      </Stack>
    </Container>
  );
}
