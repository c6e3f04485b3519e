import { ActionMessages, HouseholdPageMessages, RegistrationWizardMessages } from '@jibs/domain';
import { useMessages, useMoneyFormat } from '@jibs/web-data';
import {
  Button,
  Card,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { RegistrationQuoteDocument } from '../../../gql/graphql';
import { relationshipLabel } from '../../household/utils/household-form';

/**
 * Beside steps 2 to 4: what registering costs, as billing quotes it from the saved household
 * and the current settings. Saving the household refetches it.
 */
export function PaymentSummaryCard() {
  const {
    RegistrationWizardMessages: wizard,
    ActionMessages: actions,
    HouseholdPageMessages: household,
  } = useMessages({ RegistrationWizardMessages, ActionMessages, HouseholdPageMessages });
  const money = useMoneyFormat();
  const formatCents = money.cents;
  const { data, loading, error, refetch } = useQuery(RegistrationQuoteDocument);
  const quote = data?.registrationQuote;

  const lines = quote
    ? [
        { label: wizard.baseFee, amount: quote.baseFee },
        // A member's line in the reader's language: billing's label is English.
        ...quote.memberLines.map((line) => {
          if (!line.relationship) return line;
          const kind = relationshipLabel(line.relationship, household);
          return { ...line, label: line.name ? wizard.memberFeeLine(kind, line.name) : kind };
        }),
      ]
    : [];

  return (
    <Card withBorder radius="lg" padding="lg" component="aside" aria-labelledby="summary-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="summary-heading">
          {wizard.paymentSummary}
        </Title>
        {quote ? (
          <>
            <Stack gap="xs" component="dl" m={0}>
              {lines.map((line, index) => (
                <Group
                  key={`${line.label}-${index}`}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Text component="dt" c="gray.8">
                    {line.label}
                  </Text>
                  <Text component="dd" m={0} fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(line.amount)}
                  </Text>
                </Group>
              ))}
              {/* A rule above the total as a border: a <dl> holds only dt/dd groups. */}
              <Group
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                pt="xs"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Text component="dt" fw={600}>
                  {wizard.registrationTotal}
                </Text>
                <Text component="dd" m={0} fw={600}>
                  {formatCents(quote.registrationTotal)}
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text component="dt" c="gray.8">
                  {wizard.monthlyDues}
                </Text>
                <Text component="dd" m={0} fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatCents(quote.monthlyDues)}
                  <Text span c="gray.7" size="sm">
                    {' '}
                    {wizard.perMonth}
                  </Text>
                </Text>
              </Group>
            </Stack>
            <Divider />
            <Stack gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{wizard.dueToday}</Text>
                <Text fw={700} fz="lg">
                  {formatCents(quote.dueToday)}
                </Text>
              </Group>
              <Text size="sm" c="gray.7">
                {wizard.includesFirstMonth}
              </Text>
            </Stack>
            <Text size="sm" c="gray.7">
              {wizard.nothingChargedYet}
            </Text>
          </>
        ) : loading ? (
          <Stack gap="sm" role="status">
            <VisuallyHidden>{wizard.loadingFees}</VisuallyHidden>
            <Skeleton h={18} aria-hidden />
            <Skeleton h={18} aria-hidden />
            <Skeleton h={28} mt="sm" aria-hidden />
          </Stack>
        ) : error ? (
          <Stack gap="xs" align="flex-start">
            <Text c="gray.7">{wizard.feesNotLoaded}</Text>
            <Button variant="light" size="sm" onClick={() => void refetch()}>
              {actions.tryAgain}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
