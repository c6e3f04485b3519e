import { PublicLayoutMessages } from '@jibs/domain';
import { useCentsFormat, useMessages } from '@jibs/web-data';
import { Anchor, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAYMENTS_TOPIC_ID } from '../utils/faq-topic-ids';
import type { PublicSettingsValues } from '../utils/public-settings';

/** The fees shown; null while they load (placeholders show instead). */
export type Fees = Pick<PublicSettingsValues, 'registrationFee' | 'memberFee' | 'monthlyDues'>;

/** The landing page's fee card: the amounts, or placeholders of their size while they load. */
export function FeeSummary({ settings }: { settings: Fees | null }) {
  const loading = settings === null;
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  const money = useCentsFormat();
  const fees = [
    {
      label: text.registrationFee,
      detail: text.registrationFeeDetail,
      amount: settings && money(settings.registrationFee),
    },
    {
      label: text.memberFee,
      detail: text.memberFeeDetail,
      amount: settings && money(settings.memberFee),
    },
    {
      label: text.monthlyDues,
      detail: text.monthlyDuesDetail,
      amount: settings && money(settings.monthlyDues),
    },
  ];

  return (
    <Paper
      component="section"
      aria-labelledby="fees-title"
      aria-busy={loading}
      withBorder
      shadow="xs"
      bg="white"
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      style={{ alignSelf: 'start' }}
    >
      <Title order={2} size="h3" id="fees-title" mb="md">
        {text.membershipFees}
      </Title>
      <Stack component="dl" gap="md" m={0}>
        {fees.map((fee) => (
          <Group
            key={fee.label}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="md"
            pb="md"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Box component="dt">
              <Text fw={600}>{fee.label}</Text>
              <Text size="sm" c="gray.7">
                {fee.detail}
              </Text>
            </Box>
            <Box component="dd" m={0}>
              {loading ? (
                <Skeleton height={24} width={72} mt={2} aria-hidden />
              ) : (
                <Text fw={700} size="lg" c="jibs.8" style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{fee.amount}</bdi>
                </Text>
              )}
            </Box>
          </Group>
        ))}
      </Stack>
      <Text size="sm" c="gray.7" mt="md">
        {text.paidByCard}{' '}
        <Anchor component={Link} to={`/faq#${PAYMENTS_TOPIC_ID}`}>
          {text.howPaymentsWork}
        </Anchor>
      </Text>
    </Paper>
  );
}
