import { useQuery } from '@apollo/client/react';
import { Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PublicSettingsDocument } from '../gql/graphql';
import { formatCents } from '../public/money';
import { paymentSummary } from './payment-summary';

/** Beside steps 2 to 4: what registering costs, from the current settings. */
export function PaymentSummaryCard() {
  const { data, loading, error, refetch } = useQuery(PublicSettingsDocument);
  const settings = data?.publicSettings;
  const summary = settings ? paymentSummary(settings) : null;

  return (
    <Card withBorder radius="lg" padding="lg" component="aside" aria-labelledby="summary-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="summary-heading">
          Payment Summary
        </Title>
        {summary && settings ? (
          <>
            <Stack gap="xs" component="dl" m={0}>
              {summary.lines.map((line) => (
                <Group key={line.label} justify="space-between" wrap="nowrap" gap="sm">
                  <Text component="dt" c="gray.8">
                    {line.label}
                  </Text>
                  <Text component="dd" m={0} fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(line.amount)}
                    {line.per && (
                      <Text span c="gray.7" size="sm">
                        {' '}
                        {line.per}
                      </Text>
                    )}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Divider />
            <Stack gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>Due Today</Text>
                <Text fw={700} fz="lg">
                  {formatCents(summary.dueToday)}
                </Text>
              </Group>
              <Text size="sm" c="gray.7">
                {summary.dueTodayNote}
              </Text>
            </Stack>
            <Text size="sm" c="gray.7">
              Each spouse, child or dependent parent you add to your household adds{' '}
              {formatCents(settings.memberFee)} to the registration fee. Nothing is charged until
              the payment step.
            </Text>
          </>
        ) : loading ? (
          <Stack gap="sm" aria-label="Loading the fees">
            <Skeleton h={18} />
            <Skeleton h={18} />
            <Skeleton h={28} mt="sm" />
          </Stack>
        ) : error ? (
          <Stack gap="xs" align="flex-start">
            <Text c="gray.7">We could not load the fees just now.</Text>
            <Button variant="light" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
